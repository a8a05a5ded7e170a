import { Loader2, Save } from 'lucide-react';
import { Button } from '../../../ui/Button';

interface SaveButtonProps {
  /** What the button says now: Save, or what it is busy with. */
  label: string;
  /** A spinner replaces the icon while the clip is being prepared or saved. */
  isBusy: boolean;
  disabled: boolean;
  onSave: () => void;
}

/** The clip editors' Save button. */
export function SaveButton({ label, isBusy, disabled, onSave }: SaveButtonProps) {
  return (
    <Button onClick={onSave} disabled={disabled}>
      {isBusy ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <Save className="h-4 w-4" aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}
