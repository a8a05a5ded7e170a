import { providerNameOf } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './LoginForm';
import { SsoStartLink } from './SsoButton';

/**
 * The sign-in and sign-up pages of a server that signs in through its provider only (OIDC_ONLY): the words, the
 * provider's button, and the password form folded away as the admins' way back when the provider is down.
 */
export function SsoOnlySignIn({
  buttonText,
  returnTo,
  onForgot,
}: {
  buttonText: string;
  returnTo?: string;
  onForgot: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('sso.onlyTitle', { provider: providerNameOf(buttonText) })}</h1>
      <SsoStartLink buttonText={buttonText} returnTo={returnTo} />
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600 hover:underline dark:text-slate-300">
          {t('sso.adminSignIn')}
        </summary>
        <div className="mt-4">
          <LoginForm onForgot={onForgot} />
        </div>
      </details>
    </div>
  );
}

/** The forgot and reset pages' note on such a server: only an admin's password can be reset here. */
export function SsoOnlyNote({ buttonText }: { buttonText: string }) {
  const { t } = useTranslation();
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {t('sso.onlyResetNote', { provider: providerNameOf(buttonText) })}
    </p>
  );
}
