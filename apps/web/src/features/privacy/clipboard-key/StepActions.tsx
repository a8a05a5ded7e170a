import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';

/**
 * A step's buttons: its submit and Cancel, both waiting while the step works (Argon2id, a call), with what it is
 * doing said above them.
 */
export function StepActions({
  submitLabel,
  canSubmit = true,
  progress,
  onCancel,
}: {
  submitLabel: string;
  canSubmit?: boolean;
  /** What the step is doing now, or null when it waits for the person. */
  progress: string | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const isBusy = progress !== null;
  return (
    <>
      {progress && <p role="status">{progress}</p>}
      <div className="flex gap-2">
        <Button type="submit" disabled={!canSubmit || isBusy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isBusy}>
          {t('privacy.e2e.cancel')}
        </Button>
      </div>
    </>
  );
}
