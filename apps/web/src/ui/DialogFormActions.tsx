import { Button } from './Button';
import { DialogClose } from './Dialog';

interface DialogFormActionsProps {
  cancelLabel: string;
  submitLabel: string;
  canSubmit: boolean;
}

/** A form dialog's footer: Cancel closes it, the primary button submits the form (Enter does too). */
export function DialogFormActions({ cancelLabel, submitLabel, canSubmit }: DialogFormActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      <DialogClose asChild>
        <Button type="button" variant="secondary">
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={!canSubmit}>
        {submitLabel}
      </Button>
    </div>
  );
}
