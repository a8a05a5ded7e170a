import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unlockedKeyStore, type UnlockedClipboardKey } from '../../../lib/clipboard-key/unlocked-key-store';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import { ChangePassphraseForm } from './ChangePassphraseForm';
import { HistorySealingProgress } from './HistorySealingProgress';
import { TurnOffClipboardKey } from './TurnOffClipboardKey';
import { useHistorySealing } from './use-history-sealing';

/**
 * On and unlocked here: the clips still in clear sealed from this device (at once, resumed on every visit until
 * none is left), whether it is remembered, locking this device, changing the passphrase, turning it off.
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
  const [step, setStep] = useState<'idle' | 'changing' | 'turningOff'>('idle');
  const [isLocking, setIsLocking] = useState(false);
  const sealing = useHistorySealing('seal', unlocked.sealingKey, status.plainClips > 0, (progress) => {
    if (progress.done > 0 && progress.failed === 0) toast.success({ title: t('privacy.e2e.historySealed') });
  });

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
      {sealing.state && (
        <HistorySealingProgress
          direction="seal"
          state={sealing.state}
          total={status.plainClips}
          onRetry={sealing.retry}
        />
      )}
      {step === 'changing' ? (
        <ChangePassphraseForm userId={unlocked.userId} status={status} onDone={() => setStep('idle')} />
      ) : step === 'turningOff' ? (
        <TurnOffClipboardKey userId={unlocked.userId} status={status} onCancel={() => setStep('idle')} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={lock} disabled={isLocking}>
            {t('privacy.e2e.lock')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setStep('changing')} disabled={isLocking}>
            {t('privacy.e2e.changePassphrase')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setStep('turningOff')}
            disabled={isLocking || sealing.state?.phase === 'running'}
          >
            {t('privacy.e2e.turnOff')}
          </Button>
        </div>
      )}
    </div>
  );
}
