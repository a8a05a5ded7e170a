import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../ui/Input';
import type { SealedNewClip } from './use-sealed-new-clip';

/**
 * "End-to-end encrypted" on the new clip, off by default; ticked, an optional password that the reader
 * types besides holding the link. Locked once the clip is made, as a clip is encrypted from its creation.
 */
export function EncryptionOption({ encryption, isLocked }: { encryption: SealedNewClip; isLocked: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const isFixed = isLocked || encryption.made !== null;
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={encryption.isWanted}
          disabled={isFixed}
          onChange={(event) => encryption.setIsWanted(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <Lock className="h-4 w-4 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
        {t('encryption.option')}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {t('encryption.optionHint')}
      </p>
      {encryption.isWanted && (
        <div className="mt-3 flex flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            {t('encryption.passwordOptional')}
          </label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            disabled={isFixed}
            value={encryption.password}
            onChange={(event) => encryption.setPassword(event.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}
