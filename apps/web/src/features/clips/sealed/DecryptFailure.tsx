import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * In place of an end-to-end encrypted clip that did not open: one sentence for a missing or cut key, a
 * wrong password and altered data alike (AES-GCM cannot tell them apart), never the envelope. `isSealed`: the
 * owner's own clip, opened with their clipboard's key, so no link or password is to blame.
 */
export function DecryptFailure({ isSealed = false }: { isSealed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <LockKeyhole className="h-8 w-8 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <p role="alert" className="font-medium text-slate-800 dark:text-slate-100">
        {isSealed ? t('sealedClipboard.failed') : t('encryption.failed')}
      </p>
      {!isSealed && <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{t('encryption.failedHint')}</p>}
    </div>
  );
}
