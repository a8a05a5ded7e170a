import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResetPassword } from '../../api/auth-mutations';
import { useSsoSettings } from '../../api/sso-queries';
import { Button } from '../../ui/Button';
import { errorMessage, isPasswordTooCommon } from './error-message';
import { FormField } from '../../ui/FormField';
import { SsoOnlyNote } from './SsoOnlySignIn';
import { StatusCard } from '../../ui/StatusCard';
import { GoToLoginActions } from './GoToLoginActions';
import { validateReset } from './validation';

type State = { kind: 'form' } | { kind: 'success' } | { kind: 'error'; message: string };

/** The mailed link puts its tokens in the fragment (never sent to a server); without both it is the error screen. */
function readResetToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const accessToken = fragment.get('access_token');
  return accessToken && fragment.get('refresh_token') ? accessToken : null;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(readResetToken);
  const resetPassword = useResetPassword();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'form' } : { kind: 'error', message: t('reset.invalidToken') },
  );
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  // The server refuses the most common passwords; the form stays, the link unspent, for another one.
  const [isTooCommon, setIsTooCommon] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { data: sso } = useSsoSettings();
  const ssoOnly = sso?.enabled && sso.only ? sso : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting || !token) return;
    const found = validateReset(values);
    setError(found);
    setIsTooCommon(false);
    if (found) return;
    setIsSubmitting(true);
    try {
      await resetPassword.mutateAsync({ token, newPassword: values.password });
      setState({ kind: 'success' });
    } catch (caught) {
      if (isPasswordTooCommon(caught)) setIsTooCommon(true);
      else setState({ kind: 'error', message: errorMessage(caught, { otherwise: t('reset.failed') }) });
    } finally {
      setIsSubmitting(false);
    }
  };

  const tryAgain = () => {
    setValues({ password: '', confirmPassword: '' });
    setError(null);
    setState(token ? { kind: 'form' } : { kind: 'error', message: t('reset.invalidToken') });
  };

  if (state.kind === 'success') {
    return (
      <StatusCard tone="success" title={t('reset.successTitle')} message={t('reset.successBody')}>
        <GoToLoginActions />
      </StatusCard>
    );
  }
  if (state.kind === 'error') {
    return (
      <StatusCard tone="error" title={t('reset.errorTitle')} message={state.message}>
        {token && <Button onClick={tryAgain}>{t('confirm.tryAgain')}</Button>}
        <Button asChild variant="secondary">
          <Link to="/auth?mode=login">{t('confirm.backToLogin')}</Link>
        </Button>
      </StatusCard>
    );
  }
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-md space-y-4 rounded-2xl bg-white p-8 shadow-lg dark:bg-slate-900"
      >
        <h1 className="text-2xl font-bold">{t('reset.title')}</h1>
        {ssoOnly && <SsoOnlyNote buttonText={ssoOnly.buttonText} />}
        <FormField
          label={t('reset.newPassword')}
          type="password"
          autoComplete="new-password"
          canReveal
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={isTooCommon ? t('auth.errors.passwordTooCommon') : null}
        />
        <FormField
          label={t('reset.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          canReveal
          value={values.confirmPassword}
          onChange={(event) => setValues({ ...values, confirmPassword: event.target.value })}
          error={error ? t(error) : null}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting || !values.password || !values.confirmPassword}>
          {isSubmitting ? t('reset.resetting') : t('reset.submit')}
        </Button>
        <Link to="/auth?mode=login" className="block text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          {t('confirm.backToLogin')}
        </Link>
      </form>
    </main>
  );
}
