import { ClipboardList } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../session/auth-context';
import { Button } from '../../../ui/Button';
import { ThemeToggle } from '../../../ui/ThemeToggle';

interface ClipPageLayoutProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode;
}

/** The standalone frame of the clip screens (outside the signed-in shell): app name home, the dashboard for a signed-in user, theme, content. */
export function ClipPageLayout({ children, ...rootProps }: ClipPageLayoutProps) {
  const { t } = useTranslation();
  const isSignedIn = useAuth().status === 'signedIn';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950" {...rootProps}>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <ClipboardList className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('app.name')}
          </Link>
          <div className="flex items-center gap-2">
            {isSignedIn && (
              <Button asChild variant="ghost" size="sm">
                <Link to="/dashboard">{t('nav.dashboard')}</Link>
              </Button>
            )}
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}

/** The white card the editor sits on. */
export function ClipPanel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      {children}
    </div>
  );
}
