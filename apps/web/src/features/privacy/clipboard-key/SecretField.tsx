import { useTranslation } from 'react-i18next';
import type { ClipboardKeySecret } from '../../../api/clipboard-key-queries';
import { FormField } from '../../../ui/FormField';

/** The passphrase, or the recovery key instead: one field, and the link that swaps them. */
export function SecretField({
  secret,
  onChange,
  passphraseLabel,
  error,
  disabled,
}: {
  secret: ClipboardKeySecret;
  onChange: (secret: ClipboardKeySecret) => void;
  passphraseLabel: string;
  error: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      {secret.kind === 'passphrase' ? (
        <FormField
          label={passphraseLabel}
          type="password"
          autoComplete="current-password"
          canReveal
          value={secret.passphrase}
          onChange={(event) => onChange({ kind: 'passphrase', passphrase: event.target.value })}
          error={error}
          disabled={disabled}
        />
      ) : (
        <FormField
          label={t('privacy.e2e.recoveryKey')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
          value={secret.recoveryKey}
          onChange={(event) => onChange({ kind: 'recovery', recoveryKey: event.target.value })}
          error={error}
          disabled={disabled}
        />
      )}
      <button
        type="button"
        className="self-start text-sm text-indigo-700 underline hover:no-underline dark:text-indigo-300"
        disabled={disabled}
        onClick={() =>
          onChange(
            secret.kind === 'passphrase'
              ? { kind: 'recovery', recoveryKey: '' }
              : { kind: 'passphrase', passphrase: '' },
          )
        }
      >
        {t(secret.kind === 'passphrase' ? 'privacy.e2e.useRecoveryKey' : 'privacy.e2e.usePassphrase')}
      </button>
    </div>
  );
}
