import { ClipboardList, Menu } from 'lucide-react';
import { lazy, useState } from 'react';
import { LazyPart } from '../../ui/LazyPart';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../session/auth-context';
import { useLogOut } from '../../session/use-log-out';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { useHasOpened } from '../../ui/use-has-opened';
import { useScrolled } from './use-scrolled';
import { HIDDEN_WHILE_SIGN_UPS_CLOSED } from './sign-ups-closed';

// Radix Dialog and its helpers (~20 KB gzip) load with the phone menu's first opening, not with the page
// (the landing page's Lighthouse score on a phone, where the menu's button shows: bench/README.md, landing).
const LandingMenuSheet = lazy(async () => ({ default: (await import('./LandingMenuSheet')).LandingMenuSheet }));

const ANCHORS = [
  { href: '#features', key: 'nav.features' },
  { href: '#how-it-works', key: 'nav.howItWorks' },
  { href: '#pricing', key: 'nav.pricing' },
  { href: '#testimonials', key: 'nav.testimonials' },
] as const;

export function LandingHeader() {
  const { t } = useTranslation();
  const isScrolled = useScrolled(10);
  return (
    <header
      data-scrolled={isScrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-30 transition-colors duration-200',
        isScrolled ? 'bg-white/95 shadow-sm backdrop-blur dark:bg-slate-950/95' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold">
          <ClipboardList className="h-6 w-6 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.mainMenu')} className="hidden gap-6 text-sm font-medium md:flex">
          {ANCHORS.map((anchor) => (
            <a
              key={anchor.href}
              href={anchor.href}
              className="text-slate-700 hover:text-indigo-600 dark:text-slate-300 dark:hover:text-indigo-400"
            >
              {t(anchor.key)}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <AccountActions />
          </div>
          <LandingMenu />
        </div>
      </div>
    </header>
  );
}

/** Log in and Sign up (hidden while sign-ups are closed), or Dashboard and Log out once signed in. */
function AccountActions() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const logOut = useLogOut();
  return status === 'signedIn' ? (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/dashboard">{t('nav.dashboard')}</Link>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void logOut()}>
        {t('nav.logoutLanding')}
      </Button>
    </>
  ) : (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/auth?mode=login">{t('nav.login')}</Link>
      </Button>
      <Button asChild size="sm" className={HIDDEN_WHILE_SIGN_UPS_CLOSED}>
        <Link to="/auth?mode=register">{t('nav.signUp')}</Link>
      </Button>
    </>
  );
}

/**
 * On phones the section links and the account actions fold into one menu. Its button is a plain one, as
 * Radix's trigger would render it; the panel gives the focus back to it on closing (DialogContent).
 */
function LandingMenu() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const hasOpened = useHasOpened(isOpen);
  return (
    <>
      <button
        type="button"
        aria-label={t('shell.menu')}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(true)}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      {hasOpened && (
        <LazyPart>
          <LandingMenuSheet
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            title={t('app.name')}
            closeLabel={t('common.close')}
          >
            <nav aria-label={t('nav.mainMenu')} className="flex flex-col gap-1">
              {ANCHORS.map((anchor) => (
                <a
                  key={anchor.href}
                  href={anchor.href}
                  onClick={() => setIsOpen(false)}
                  className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {t(anchor.key)}
                </a>
              ))}
            </nav>
            <div className="mt-6 flex flex-col gap-2 [&>*]:w-full">
              <AccountActions />
            </div>
          </LandingMenuSheet>
        </LazyPart>
      )}
    </>
  );
}
