import { useTranslation } from 'react-i18next';
import { ssoStartUrl, useSsoSettings } from '../../api/sso-queries';

/**
 * "Sign in with SSO" above the password form when the server has an identity provider: a plain link, since
 * the sign-in is a top-level navigation to the provider and back.
 */
export function SsoButton({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const { data: sso } = useSsoSettings();
  if (!sso?.enabled) return null;
  return (
    <div className="mb-6">
      <SsoStartLink buttonText={sso.buttonText} returnTo={returnTo} />
      <p className="mt-4 text-center text-xs text-slate-500 dark:text-slate-400">{t('sso.orWithPassword')}</p>
    </div>
  );
}

/** The provider's button itself: a plain link, since the sign-in is a top-level navigation there and back. */
export function SsoStartLink({ buttonText, returnTo }: { buttonText: string; returnTo?: string }) {
  return (
    <a
      href={ssoStartUrl(returnTo)}
      className="flex h-11 w-full items-center justify-center rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
    >
      {buttonText}
    </a>
  );
}
