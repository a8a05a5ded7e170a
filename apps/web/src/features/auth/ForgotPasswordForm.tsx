import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../../api/auth-mutations';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { errorMessage } from './error-message';
import { FormField } from '../../ui/FormField';
import { validateEmail } from './validation';

export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateEmail(email);
    setError(found);
    if (found) return;
    setIsSubmitting(true);
    try {
      await requestReset.mutateAsync(email.trim());
      toast.success({ title: t('auth.resetSent'), description: t('auth.resetSentBody'), duration: 5000 });
      onDone();
    } catch (caught) {
      toast.error({
        title: t('auth.errorTitle'),
        description: errorMessage(caught, { otherwise: t('auth.errors.resetRequestFailed') }),
      });
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">{t('auth.forgotTitle')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.forgotBody')}</p>
      <FormField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? t(error) : null}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.sending') : t('auth.sendResetLink')}
      </Button>
      <button type="button" onClick={onDone} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {t('auth.toLogin')}
      </button>
    </form>
  );
}
