import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAuth } from '../session/auth-context';
import { Button } from '../ui/Button';
import { RouteFallback } from '../ui/RouteFallback';
import { ThemeToggle } from '../ui/ThemeToggle';
import { SignedInFrame } from './AppShell';

/**
 * The clip and desktop pages have no guard (a shared link or the LAN desktop opens for anyone), so
 * their frame follows the session: a signed-in user keeps the sidebar and account menu of every other
 * signed-in page, a visitor gets a slim header.
 */
export function ClipFrame() {
  const { status } = useAuth();
  if (status === 'loading') return <RouteFallback />;
  if (status === 'signedIn') {
    return (
      <SignedInFrame>
        <Outlet />
      </SignedInFrame>
    );
  }
  return <VisitorFrame />;
}

function VisitorFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <ClipboardList className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('app.name')}
          </Link>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Button asChild variant="ghost" size="sm">
              {/* After logging in, the visitor comes back to the page they were on. */}
              <Link to="/auth?mode=login" state={{ from: { pathname } }}>
                {t('nav.login')}
              </Link>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
