import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { waitText } from '../../lib/wait-text';
import { useAuth } from '../../session/auth-context';
import { Button } from '../../ui/Button';
import { errorMessage } from './error-message';
import { FormError } from '../../ui/FormError';
import { FormField } from '../../ui/FormField';
import { ResendConfirmationButton } from './ResendConfirmationButton';
import { useAuthForm } from './use-auth-form';
import { validateLogin } from './validation';

/** Tries left at which the form starts warning that sign-in will be locked. */
const ATTEMPTS_LEFT_WARNING = 2;

/** The lock after too many wrong passwords, its wait as a person reads it: minutes from a minute up. */
function lockMessage(error: unknown, t: TFunction): string | null {
  const seconds = error instanceof ApiError ? error.attempts.retryAfterSeconds : undefined;
  if (seconds === undefined) return null;
  return t('auth.errors.locked', { wait: waitText(seconds, t) });
}

/**
 * The password sign-in. Without `onRegister` (a server that signs in through its provider only, where this form
 * is the admins' way back) it has no sign-up link and no title of its own: the page's heading says why. With
 * `confirmation` (a mailed confirmation link's token) it is the sign-in that confirms the address with the
 * password typed, one its sign-up chose (decision 039).
 */
export function LoginForm({
  onRegister,
  onForgot,
  confirmation,
}: {
  onRegister?: () => void;
  onForgot: () => void;
  confirmation?: string;
}) {
  const { t } = useTranslation();
  const { login } = useAuth();
  // The address a login was refused for because it is not confirmed yet: the form offers a new link.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // A wrong password close to the lock: the form says how many tries remain before it.
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const logIn = async (email: string, password: string) => {
    setUnconfirmedEmail(null);
    setAttemptsLeft(null);
    try {
      await login({ email, password, ...(confirmation ? { confirmation } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_CONFIRMED') setUnconfirmedEmail(email);
      const left = error instanceof ApiError ? error.attempts.attemptsLeft : undefined;
      if (left !== undefined && left > 0 && left <= ATTEMPTS_LEFT_WARNING) setAttemptsLeft(left);
      throw error;
    }
  };
  const { submit, field, formError, isSubmitting } = useAuthForm({
    initial: { email: '', password: '' },
    validate: validateLogin,
    send: (values) => logIn(values.email.trim(), values.password),
    describeFailure: (error) =>
      lockMessage(error, t) ??
      (error instanceof ApiError && error.code === 'INVALID_TOKEN' ? t('auth.errors.confirmationLinkDead') : null) ??
      errorMessage(error, {
        byStatus: {
          401: t('auth.errors.invalidCredentials'),
          400: t('auth.errors.invalidRequest'),
          500: t('auth.errors.serverError'),
        },
        otherwise: t('auth.errors.loginFailed'),
      }),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {confirmation ? (
        <>
          <h1 className="text-2xl font-bold">{t('auth.confirmTitle')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.confirmBody')}</p>
        </>
      ) : (
        onRegister && <h1 className="text-2xl font-bold">{t('auth.loginTitle')}</h1>
      )}
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        canReveal
        {...field('password')}
      />
      <FormError message={formError} />
      {attemptsLeft !== null && (
        <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {t('auth.attemptsLeft', { count: attemptsLeft })}
        </p>
      )}
      {unconfirmedEmail && <ResendConfirmationButton email={unconfirmedEmail} />}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.loggingIn') : t('auth.login')}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" onClick={onForgot} className="text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.forgotLink')}
        </button>
        {onRegister && (
          <button type="button" onClick={onRegister} className="text-indigo-700 hover:underline dark:text-indigo-300">
            {t('auth.toRegister')}
          </button>
        )}
      </div>
    </form>
  );
}
