import { ArrowRight, Monitor, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../session/auth-context';
import { Button } from '../../ui/Button';
import { HIDDEN_WHILE_SIGN_UPS_CLOSED } from './sign-ups-closed';
import { SignUpModeNotice } from './SignUpModeNotice';

/**
 * The badge promises SPEC's trial only where the server sells plans. Both are rendered, and the server marks
 * index.html's `<html data-payments="off">` when it has no payments (apps/server/src/plugins/spa.ts): the
 * prerendered page is then right at its first paint, and hydrating it changes nothing on screen.
 */
const SHOWN_WITH_PAYMENTS = 'inline-flex [html[data-payments=off]_&]:hidden';
const SHOWN_WITHOUT_PAYMENTS = 'hidden [html[data-payments=off]_&]:inline-flex';

export function Hero() {
  const { t } = useTranslation();
  const isSignedIn = useAuth().status === 'signedIn';
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-white pt-32 pb-20 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <HeroBadge className={SHOWN_WITH_PAYMENTS} text={t('hero.badge')} />
        <HeroBadge className={SHOWN_WITHOUT_PAYMENTS} text={t('hero.badgeFree')} />
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">{t('hero.title')}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{t('hero.subtitle')}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className={isSignedIn ? undefined : HIDDEN_WHILE_SIGN_UPS_CLOSED}>
            <Link to={isSignedIn ? '/dashboard' : '/auth?mode=login'}>
              {isSignedIn ? t('hero.goToDashboard') : t('hero.getStarted')}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/desktop">
              <Monitor className="h-4 w-4" aria-hidden="true" />
              {t('hero.virtualDesktop')}
            </Link>
          </Button>
        </div>
        <SignUpModeNotice />
      </div>
    </section>
  );
}

function HeroBadge({ className, text }: { className: string; text: string }) {
  return (
    <p
      className={`${className} items-center gap-2 rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200`}
    >
      <Sparkles className="h-4 w-4" aria-hidden="true" />
      {text}
    </p>
  );
}
