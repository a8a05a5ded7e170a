import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { completeSsoSignIn } from '../../api/sso-queries';
import { redirectTo } from '../../lib/redirect';
import { Button } from '../../ui/Button';
import { SsoCard } from './SsoCard';

/** Only a path of this site: anything else lands on the dashboard. */
const safeReturn = (path: string | null) => (path && /^\/(?![/\\])/.test(path) ? path : '/dashboard');

/**
 * Where the provider's sign-in lands: the one-use token in the fragment becomes this browser's session, then
 * the app opens afresh where the sign-in began, signed in as after a password sign-in.
 */
/** The callback's fragment, taken out of the address bar (and its history entry) as it is read. */
function takeFragment() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(null, '', window.location.pathname);
  return { refreshToken: fragment.get('refresh_token'), returnTo: fragment.get('return_to') };
}

export default function SsoCompletePage() {
  const { t } = useTranslation();
  const [{ refreshToken, returnTo }] = useState(takeFragment);
  const [isFailed, setIsFailed] = useState(!refreshToken);
  useEffect(() => {
    if (!refreshToken) return;
    completeSsoSignIn(refreshToken).then(
      // A fresh start of the app, whose session provider reads the session just stored.
      () => redirectTo(safeReturn(returnTo)),
      () => setIsFailed(true),
    );
  }, [refreshToken, returnTo]);
  if (!isFailed) return <SsoCard tone="loading" title={t('sso.completing')} />;
  return (
    <SsoCard tone="error" title={t('sso.failedTitle')}>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('sso.completeFailed')}</p>
      <Button asChild className="mt-6">
        <Link to="/auth">{t('sso.backToSignIn')}</Link>
      </Button>
    </SsoCard>
  );
}
