import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnlockClipboardKey, type ClipboardKeySecret } from '../../../api/clipboard-key-queries';
import { Button } from '../../../ui/Button';
import { CheckboxField } from '../../../ui/CheckboxField';
import { clipboardKeyFailure, secretError } from './clipboard-key-form';
import { SecretField } from './SecretField';

/** Locked on this device: the passphrase (or the recovery key) opens it, for this tab or remembered here. */
export function UnlockClipboardKeyForm({ userId, status }: { userId: string; status: ClipboardKeyStatus }) {
  const { t } = useTranslation();
  const unlock = useUnlockClipboardKey(userId, status);
  const [secret, setSecret] = useState<ClipboardKeySecret>({ kind: 'passphrase', passphrase: '' });
  const [remember, setRemember] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = secretError(secret, t);
    setFailure(invalid);
    if (invalid) return;
    unlock.mutateAsync({ secret, remember }).catch((error: unknown) => setFailure(clipboardKeyFailure(error, t)));
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div>
        <p data-testid="clipboard-key-state" className="font-semibold">
          {t('privacy.e2e.locked')}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.e2e.lockedIntro')}</p>
      </div>
      <SecretField
        secret={secret}
        onChange={(next) => {
          setSecret(next);
          setFailure(null);
        }}
        passphraseLabel={t('privacy.e2e.passphrase')}
        error={failure}
        disabled={unlock.isPending}
      />
      <CheckboxField
        label={t('privacy.e2e.remember')}
        hint={t('privacy.e2e.rememberHint')}
        checked={remember}
        onCheckedChange={setRemember}
        disabled={unlock.isPending}
      />
      {unlock.isPending && <p role="status">{t('privacy.e2e.unlocking')}</p>}
      <div>
        <Button type="submit" disabled={unlock.isPending}>
          {t('privacy.e2e.unlock')}
        </Button>
      </div>
    </form>
  );
}
