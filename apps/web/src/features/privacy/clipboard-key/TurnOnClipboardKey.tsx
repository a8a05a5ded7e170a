import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  prepareClipboardKey,
  useTurnOnClipboardKey,
  type PreparedClipboardKey,
} from '../../../api/clipboard-key-queries';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { useToast } from '../../../ui/use-toast';
import { clipboardKeyFailure, newPassphraseError } from './clipboard-key-form';
import { NewPassphraseFields, type NewPassphrase } from './NewPassphraseFields';
import { RecoveryKeyStep } from './RecoveryKeyStep';
import { StepActions } from './StepActions';

type Step = { name: 'about' } | { name: 'passphrase' } | { name: 'recovery'; prepared: PreparedClipboardKey };

/**
 * Off: what sealing covers and what it does not, the loss it risks (said before anything changes), then the
 * passphrase, the recovery key shown once, and only then the call that turns it on.
 */
export function TurnOnClipboardKey({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const turnOn = useTurnOnClipboardKey(userId);
  const [step, setStep] = useState<Step>({ name: 'about' });
  const [passphrase, setPassphrase] = useState<NewPassphrase>({ passphrase: '', again: '' });
  const [isSecuring, setIsSecuring] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isBusy = isSecuring || turnOn.isPending;

  const cancel = () => {
    setStep({ name: 'about' });
    setPassphrase({ passphrase: '', again: '' });
    setIsSaved(false);
    setFailure(null);
  };

  // Argon2id takes about half a second (WebAssembly, awaited): the page stays responsive, its buttons wait.
  const secure = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = newPassphraseError(passphrase.passphrase, passphrase.again, t);
    setFailure(invalid);
    if (invalid) return;
    setIsSecuring(true);
    try {
      setStep({ name: 'recovery', prepared: await prepareClipboardKey(userId, passphrase.passphrase) });
    } catch (error) {
      setFailure(clipboardKeyFailure(error, t));
    } finally {
      setIsSecuring(false);
    }
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'recovery') return;
    setFailure(null);
    // The promise, not mutate's callbacks: turned on, this form gives way to the unlocked card before they would run.
    turnOn.mutateAsync(step.prepared).then(
      () => toast.success({ title: t('privacy.e2e.turnedOn') }),
      (error: unknown) => setFailure(clipboardKeyFailure(error, t)),
    );
  };

  if (step.name === 'about') {
    return (
      <div className="flex flex-col gap-4">
        <ClipboardKeyExplanation />
        <div>
          <Button type="button" onClick={() => setStep({ name: 'passphrase' })}>
            {t('privacy.e2e.turnOn')}
          </Button>
        </div>
      </div>
    );
  }

  if (step.name === 'passphrase') {
    return (
      <form onSubmit={(event) => void secure(event)} className="flex flex-col gap-4" noValidate>
        <h3 className="font-semibold">{t('privacy.e2e.choosePassphrase')}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.e2e.choosePassphraseIntro')}</p>
        <NewPassphraseFields
          value={passphrase}
          onChange={setPassphrase}
          error={failure}
          disabled={isBusy}
          labels={{ passphrase: t('privacy.e2e.passphrase'), again: t('privacy.e2e.passphraseAgain') }}
        />
        <StepActions
          submitLabel={t('privacy.e2e.continue')}
          progress={isSecuring ? t('privacy.e2e.securing') : null}
          onCancel={cancel}
        />
      </form>
    );
  }

  return (
    <form onSubmit={finish} className="flex flex-col gap-4">
      <RecoveryKeyStep
        recoveryKey={step.prepared.recoveryKey}
        isSaved={isSaved}
        onSavedChange={setIsSaved}
        disabled={isBusy}
      />
      <FormError message={failure} />
      <StepActions
        submitLabel={t('privacy.e2e.finish')}
        canSubmit={isSaved}
        progress={turnOn.isPending ? t('privacy.e2e.turningOn') : null}
        onCancel={cancel}
      />
    </form>
  );
}

/** What is sealed, what the server still sees, and what losing both secrets costs. */
function ClipboardKeyExplanation() {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.e2e.intro')}</p>
      <div className="text-sm">
        <h3 className="font-medium">{t('privacy.e2e.sealedTitle')}</h3>
        <p className="text-slate-600 dark:text-slate-300">{t('privacy.e2e.sealed')}</p>
      </div>
      <div className="text-sm">
        <h3 className="font-medium">{t('privacy.e2e.visibleTitle')}</h3>
        <p className="text-slate-600 dark:text-slate-300">{t('privacy.e2e.visible')}</p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('privacy.e2e.sharedSpaces')}</p>
      </div>
      <p
        data-testid="e2e-loss-warning"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
      >
        {t('privacy.e2e.lossWarning')}
      </p>
    </>
  );
}
