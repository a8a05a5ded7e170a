import { useId } from 'react';
import { Switch } from '../../ui/Switch';

/** A labelled switch with an optional note under its label, the note read as the switch's description. */
export function SwitchRow({
  label,
  ariaLabel,
  note,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  ariaLabel?: string;
  note?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const noteId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        {note && (
          <p id={noteId} className="text-xs text-slate-600 dark:text-slate-300">
            {note}
          </p>
        )}
      </div>
      <Switch
        {...(ariaLabel ? { 'aria-label': ariaLabel } : { 'aria-labelledby': labelId })}
        {...(note ? { 'aria-describedby': noteId } : {})}
        checked={checked}
        disabled={disabled ?? false}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
