import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { errorMessage } from './error-message';
import { FormError } from './FormError';
import { FormField } from './FormField';
import { hasErrors, validateRegister } from './validation';

type Field = 'name' | 'email' | 'password' | 'confirmPassword';

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateRegister(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setIsSubmitting(true);
    try {
      await authApi.register({ name: values.name.trim(), email: values.email.trim(), password: values.password });
      toast.success({ title: t('auth.accountCreated'), description: t('auth.accountCreatedBody'), duration: 5000 });
      onDone();
    } catch (error) {
      setFormError(
        errorMessage(error, {
          byStatus: { 400: t('auth.errors.invalidRequest'), 500: t('auth.errors.serverError') },
          otherwise: t('auth.errors.registrationFailed'),
        }),
      );
    } finally {
      setIsSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: errors[name] ? t(errors[name] ?? '') : null,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">{t('auth.registerTitle')}</h1>
      <FormField label={t('auth.name')} autoComplete="name" {...field('name')} />
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        canReveal
        {...field('password')}
      />
      <FormField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        canReveal
        {...field('confirmPassword')}
      />
      <FormError message={formError} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
      <button type="button" onClick={onDone} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {t('auth.toLogin')}
      </button>
    </form>
  );
}
