import { useTranslation } from 'react-i18next';
import { useRegister } from '../../api/auth-mutations';
import { useRegistrationSettings } from '../../api/registration-queries';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { errorMessage, isPasswordTooCommon, isRegistrationClosed } from './error-message';
import { FormError } from './FormError';
import { FormField } from './FormField';
import { registrationNotice } from '../../lib/registration-notice';
import { useAuthForm } from './use-auth-form';
import { validateRegister } from './validation';

interface RegisterFormProps {
  /** The account was made: its address must be confirmed before it can log in. */
  onRegistered: (email: string) => void;
  onLogin: () => void;
}

export function RegisterForm({ onRegistered, onLogin }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const register = useRegister();
  const notice = registrationNotice(useRegistrationSettings().data, t, i18n.language);
  const { submit, field, formError, isSubmitting } = useAuthForm({
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    validate: validateRegister,
    send: async (values) => {
      const email = values.email.trim();
      await register.mutateAsync({ name: values.name.trim(), email, password: values.password });
      toast.success({ title: t('auth.accountCreated'), description: t('auth.accountCreatedBody'), duration: 5000 });
      onRegistered(email);
    },
    describeFailure: (error) =>
      isPasswordTooCommon(error)
        ? t('auth.errors.passwordTooCommon')
        : (isRegistrationClosed(error) && notice) ||
          errorMessage(error, {
            byStatus: { 400: t('auth.errors.invalidRequest'), 500: t('auth.errors.serverError') },
            otherwise: t('auth.errors.registrationFailed'),
          }),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">{t('auth.registerTitle')}</h1>
      {notice && (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      )}
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
      <button type="button" onClick={onLogin} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {t('auth.toLogin')}
      </button>
    </form>
  );
}
