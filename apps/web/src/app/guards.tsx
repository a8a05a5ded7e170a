import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../session/auth-context';

/** Where a signed-out visitor was headed; the public guard sends them back after login. */
interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The protected guard: spinner while loading, /auth when signed out, a validity check on every path change. */
export function ProtectedRoute() {
  const { t } = useTranslation();
  const { status, checkSession } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signedIn') void checkSession();
    // Re-check on navigation only; the status change itself is not a reason to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  if (status === 'loading') {
    return (
      <div role="status" aria-label={t('common.loading')} className="flex min-h-screen items-center justify-center">
        <Loader2 className="h-8 w-8 animate-spin text-indigo-600" aria-hidden="true" />
      </div>
    );
  }
  if (status === 'signedOut')
    return (
      // The fragment too: a share's claim link (`/share#claim=…`) lives there.
      <Navigate
        to="/auth"
        replace
        state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}
      />
    );
  return <Outlet />;
}

/** The public-only guard: loading text, then signed-in users go to where they came from or /dashboard. */
export function PublicRoute() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <p className="p-8 text-center">{t('common.loading')}</p>;
  if (status === 'signedIn') {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/dashboard'} replace />;
  }
  return <Outlet />;
}
