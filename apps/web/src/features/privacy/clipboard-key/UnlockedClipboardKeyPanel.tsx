import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unlockedKeyStore, type UnlockedClipboardKey } from '../../../lib/clipboard-key/unlocked-key-store';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import { ChangePassphraseForm } from './ChangePassphraseForm';

/**
 * On and unlocked here: whether it is remembered, locking this device, changing the passphrase. No "Turn off"
 * yet: turning off must first unseal the history (once the server forgets the key, every sealed clip would be
 * lost), and unsealing comes with sealing the clips themselves, a later step of the encrypted clipboard.
 */
export function UnlockedClipboardKeyPanel({
  unlocked,
  status,
}: {
  unlocked: UnlockedClipboardKey;
  status: ClipboardKeyStatus;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [isChanging, setIsChanging] = useState(false);
  const [isLocking, setIsLocking] = useState(false);

  const lock = () => {
    setIsLocking(true);
    unlockedKeyStore.lock(unlocked.userId).then(
      () => toast.success({ title: t('privacy.e2e.lockedToast') }),
      () => {
        setIsLocking(false);
        toast.error({ title: t('privacy.e2e.lockFailed') });
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p data-testid="clipboard-key-state" className="font-semibold">
          {t('privacy.e2e.unlocked')}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(unlocked.isRemembered ? 'privacy.e2e.unlockedRemembered' : 'privacy.e2e.unlockedThisTab')}
        </p>
      </div>
      {isChanging ? (
        <ChangePassphraseForm userId={unlocked.userId} status={status} onDone={() => setIsChanging(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={lock} disabled={isLocking}>
            {t('privacy.e2e.lock')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setIsChanging(true)} disabled={isLocking}>
            {t('privacy.e2e.changePassphrase')}
          </Button>
        </div>
      )}
    </div>
  );
}
