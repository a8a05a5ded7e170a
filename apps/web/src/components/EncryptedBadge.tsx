import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Marks an end-to-end encrypted clip wherever its text would be: the server holds only its envelope. */
export function EncryptedBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 not-italic dark:bg-indigo-950 dark:text-indigo-200">
      <Lock className="h-3.5 w-3.5" aria-hidden="true" />
      {t('encryption.badge')}
    </span>
  );
}
