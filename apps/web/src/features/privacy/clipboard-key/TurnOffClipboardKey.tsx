import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  UnsealIncompleteError,
  useTurnOffClipboardKey,
  type ClipboardKeySecret,
} from '../../../api/clipboard-key-queries';
import type { SealingProgress } from '../../../lib/clipboard-key/history-sealing';
import { useToast } from '../../../ui/use-toast';
import { clipboardKeyFailure, secretError } from './clipboard-key-form';
import { SecretField } from './SecretField';
import { StepActions } from './StepActions';

/**
 * "Turn off": the passphrase (or the recovery key) proves it is the owner, then every sealed clip is unsealed
 * on this device, with its progress, and only then is the key forgotten; nothing sealed is ever left without it.
 */
export function TurnOffClipboardKey({
  userId,
  status,
  onCancel,
}: {
  userId: string;
  status: ClipboardKeyStatus;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const turnOff = useTurnOffClipboardKey(userId, status);
  const [secret, setSecret] = useState<ClipboardKeySecret>({ kind: 'passphrase', passphrase: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<SealingProgress | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = secretError(secret, t);
    setFailure(invalid);
    if (invalid) return;
    setProgress(null);
    turnOff.mutateAsync({ secret, onProgress: setProgress }).then(
      () => toast.success({ title: t('privacy.e2e.turnedOff') }),
      (error: unknown) =>
        setFailure(
          error instanceof UnsealIncompleteError
            ? t('privacy.e2e.unsealFailed', { count: error.count })
            : clipboardKeyFailure(error, t),
        ),
    );
  };

  const total = Math.max(status.sealedClips, (progress?.done ?? 0) + (progress?.failed ?? 0));
  const working = turnOff.isPending
    ? progress
      ? t('privacy.e2e.unsealingHistory', { done: progress.done, total })
      : t('privacy.e2e.unlocking')
    : null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.e2e.turnOffIntro')}</p>
      <SecretField
        secret={secret}
        onChange={(next) => {
          setSecret(next);
          setFailure(null);
        }}
        passphraseLabel={t('privacy.e2e.passphrase')}
        error={failure}
        disabled={turnOff.isPending}
      />
      {turnOff.isPending && progress && (
        <progress className="w-full" max={Math.max(total, 1)} value={progress.done + progress.failed} />
      )}
      <StepActions submitLabel={t('privacy.e2e.turnOffConfirm')} progress={working} onCancel={onCancel} />
    </form>
  );
}
