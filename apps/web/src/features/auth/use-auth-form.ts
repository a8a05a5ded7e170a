import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors } from './validation';

interface AuthFormOptions<Field extends string> {
  initial: Record<Field, string>;
  /** An i18n key per field for its first broken rule, or null. */
  validate: (values: Record<Field, string>) => Record<Field, string | null>;
  send: (values: Record<Field, string>) => Promise<void>;
  /** The words for a failed send: the server's message or the screen's fallback ('Login failed', …). */
  describeFailure: (error: unknown) => string;
}

/**
 * The state and submit of the login and registration forms: field errors shown inline, a second submit
 * ignored while one runs, a failure shown above the button. On success the form stays busy:
 * it is about to be replaced (the redirect after login, the login view after registering).
 */
export function useAuthForm<Field extends string>({
  initial,
  validate,
  send,
  describeFailure,
}: AuthFormOptions<Field>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validate(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setIsSubmitting(true);
    try {
      await send(values);
    } catch (error) {
      setFormError(describeFailure(error));
      setIsSubmitting(false);
    }
  };

  /** Props for one FormField: its value, change handler and translated error. */
  const field = (name: Field) => {
    const error = errors[name];
    return {
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
      error: error ? t(error) : null,
    };
  };

  return { submit, field, formError, isSubmitting };
}
