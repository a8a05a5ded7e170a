import { SameOriginPath } from '@clipsync/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { completeSsoSignIn } from '../../api/sso-queries';
import { redirectTo } from '../../lib/redirect';
import { Button } from '../../ui/Button';
import { StatusCard } from '../../ui/StatusCard';

/** Only a path of this site, as the server's start judges it and as the browser resolves it; else the dashboard. */
export function safeReturn(path: string | null): string {
  if (!path || !SameOriginPath.safeParse(path).success) return '/dashboard';
  return new URL(path, window.location.origin).origin === window.location.origin ? path : '/dashboard';
}

/**
 * Where the provider's sign-in lands: the hand-off this browser holds (a cookie the page never sees) becomes
 * its session, then the app opens afresh where the sign-in began, signed in as after a password sign-in.
 */
export default function SsoCompletePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('return_to');
  const [isFailed, setIsFailed] = useState(false);
  // The hand-off works once: a second call (React's development double effect) would be refused.
  const isAsked = useRef(false);
  useEffect(() => {
    if (isAsked.current) return;
    isAsked.current = true;
    completeSsoSignIn().then(
      // A fresh start of the app, whose session provider reads the session just stored.
      () => redirectTo(safeReturn(returnTo)),
      () => setIsFailed(true),
    );
  }, [returnTo]);
  if (!isFailed) return <StatusCard tone="loading" title={t('sso.completing')} />;
  return (
    <StatusCard tone="error" title={t('sso.failedTitle')} message={t('sso.completeFailed')}>
      <Button asChild>
        <Link to="/auth">{t('sso.backToSignIn')}</Link>
      </Button>
    </StatusCard>
  );
}
