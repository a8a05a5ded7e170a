import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useAuth } from './auth-context';
import { errorMessage } from './error-message';
import { FormError } from './FormError';
import { FormField } from './FormField';
import { hasErrors, validateLogin } from './validation';

export function LoginForm({ onRegister, onForgot }: { onRegister: () => void; onForgot: () => void }) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setIsSubmitting(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
    } catch (error) {
      setFormError(
        errorMessage(error, {
          byStatus: {
            401: t('auth.errors.invalidCredentials'),
            400: t('auth.errors.invalidRequest'),
            500: t('auth.errors.serverError'),
          },
          otherwise: t('auth.errors.loginFailed'),
        }),
      );
      setIsSubmitting(false);
    }
  };

  const field = (name: 'email' | 'password') => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: errors[name] ? t(errors[name] ?? '') : null,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">{t('auth.loginTitle')}</h1>
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        canReveal
        {...field('password')}
      />
      <FormError message={formError} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.loggingIn') : t('auth.login')}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" onClick={onForgot} className="text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.forgotLink')}
        </button>
        <button type="button" onClick={onRegister} className="text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.toRegister')}
        </button>
      </div>
    </form>
  );
}
