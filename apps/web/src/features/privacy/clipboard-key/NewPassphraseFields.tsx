import { CLIPBOARD_PASSPHRASE_MIN } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/FormField';

export interface NewPassphrase {
  passphrase: string;
  again: string;
}

/** A new passphrase, typed twice; its rule said beside it, its failure under the second field. */
export function NewPassphraseFields({
  value,
  onChange,
  error,
  disabled,
  labels,
}: {
  value: NewPassphrase;
  onChange: (value: NewPassphrase) => void;
  error: string | null;
  disabled: boolean;
  labels: { passphrase: string; again: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-col gap-1">
        <FormField
          label={labels.passphrase}
          type="password"
          autoComplete="new-password"
          canReveal
          value={value.passphrase}
          onChange={(event) => onChange({ ...value, passphrase: event.target.value })}
          disabled={disabled}
        />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('privacy.e2e.passphraseHint', { min: CLIPBOARD_PASSPHRASE_MIN })}
        </p>
      </div>
      <FormField
        label={labels.again}
        type="password"
        autoComplete="new-password"
        canReveal
        value={value.again}
        onChange={(event) => onChange({ ...value, again: event.target.value })}
        error={error}
        disabled={disabled}
      />
    </>
  );
}
