import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from './Input';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Adds a show/hide toggle to a password field. */
  canReveal?: boolean;
}

/** A labelled input with its inline error announced to assistive technology. */
export function FormField({ label, error, canReveal = false, type, ...props }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Input
          id={id}
          type={canReveal && isRevealed ? 'text' : type}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={canReveal ? 'pr-10' : undefined}
          {...props}
        />
        {canReveal && (
          <button
            type="button"
            onClick={() => setIsRevealed(!isRevealed)}
            aria-label={t(isRevealed ? 'auth.hidePassword' : 'auth.showPassword')}
            className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500"
          >
            {isRevealed ? (
              <EyeOff className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Eye className="h-4 w-4" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
