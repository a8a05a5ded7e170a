import { useId, type ReactNode } from 'react';

interface CheckboxFieldProps {
  label: string;
  /** A sentence under the label, which the checkbox is described by. */
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox with its label beside it, and what ticking it means under the label. */
export function CheckboxField({ label, hint, checked, onCheckedChange, disabled }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        className="mt-1 h-4 w-4 accent-indigo-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
