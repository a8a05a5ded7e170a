import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeClipboardPassphrase, type ClipboardKeySecret } from '../../../api/clipboard-key-queries';
import { FormError } from '../../../ui/FormError';
import { useToast } from '../../../ui/use-toast';
import { clipboardKeyFailure, newPassphraseError, secretError } from './clipboard-key-form';
import { NewPassphraseFields, type NewPassphrase } from './NewPassphraseFields';
import { SecretField } from './SecretField';
import { StepActions } from './StepActions';

/** A new passphrase for the same key, proved by the current one or the recovery key (which stays valid). */
export function ChangePassphraseForm({
  userId,
  status,
  onDone,
}: {
  userId: string;
  status: ClipboardKeyStatus;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangeClipboardPassphrase(userId, status);
  const [current, setCurrent] = useState<ClipboardKeySecret>({ kind: 'passphrase', passphrase: '' });
  const [next, setNext] = useState<NewPassphrase>({ passphrase: '', again: '' });
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [nextError, setNextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalidCurrent = secretError(current, t);
    const invalidNext = newPassphraseError(next.passphrase, next.again, t);
    setCurrentError(invalidCurrent);
    setNextError(invalidNext);
    setFailure(null);
    if (invalidCurrent || invalidNext) return;
    change.mutateAsync({ current, passphrase: next.passphrase }).then(
      () => {
        toast.success({ title: t('privacy.e2e.passphraseChanged') });
        onDone();
      },
      (error: unknown) => setFailure(clipboardKeyFailure(error, t)),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="privacy-e2e-change">
      <h3 id="privacy-e2e-change" className="font-semibold">
        {t('privacy.e2e.changePassphrase')}
      </h3>
      <SecretField
        secret={current}
        onChange={setCurrent}
        passphraseLabel={t('privacy.e2e.currentPassphrase')}
        error={currentError}
        disabled={change.isPending}
      />
      <NewPassphraseFields
        value={next}
        onChange={setNext}
        error={nextError}
        disabled={change.isPending}
        labels={{ passphrase: t('privacy.e2e.newPassphrase'), again: t('privacy.e2e.newPassphraseAgain') }}
      />
      <FormError message={failure} />
      <StepActions
        submitLabel={t('privacy.e2e.saveNewPassphrase')}
        progress={change.isPending ? t('privacy.e2e.securing') : null}
        onCancel={onDone}
      />
    </form>
  );
}
