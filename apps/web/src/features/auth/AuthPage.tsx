import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSsoSettings } from '../../api/sso-queries';
import { CheckEmailView } from './CheckEmailView';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { roomLinkOf, RoomLinkHeading } from './RoomLinkHeading';
import { shareOriginOf, ShareWaitingNotice, type ShareOrigin } from './ShareWaitingNotice';
import { SsoButton } from './SsoButton';
import { SsoOnlyNote, SsoOnlySignIn } from './SsoOnlySignIn';

type View = 'login' | 'register' | 'forgot' | 'check-email';

interface AuthState {
  from?: ShareOrigin;
  /** The address just registered (check-email view): kept in history state, not in the URL or its logs. */
  registeredEmail?: string;
  /** A mailed confirmation link's token (from /email-confirmation): the sign-in confirms the address with it. */
  confirmation?: string;
}

/**
 * The auth screen: login, registration, forgot-password and, after sign-up, check-your-email views; `?mode=`
 * picks the first.
 */
export default function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The remembered origin (from the protected guard) must survive switching views, or login lands on /dashboard.
  const state = useLocation().state as AuthState | null;
  const mode = params.get('mode');
  const registeredEmail = state?.registeredEmail;
  const view: View =
    mode === 'register' || mode === 'forgot' ? mode : mode === 'check-email' && registeredEmail ? mode : 'login';
  const show = (next: View, nextState: AuthState | null = state) =>
    setParams(next === 'login' ? {} : { mode: next }, { replace: true, state: nextState });
  const roomLink = roomLinkOf(state?.from?.pathname);
  const shareOrigin = shareOriginOf(state?.from);
  const { data: sso } = useSsoSettings();
  // OIDC_ONLY: sign-in and sign-up are the provider's; the password form stays folded away for admins.
  const ssoOnly = sso?.enabled && sso.only ? sso : undefined;
  const isSignInView = view === 'login' || view === 'register';
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="w-full max-w-md">
        <Link to="/" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.backHome')}
        </Link>
        {roomLink && (view === 'login' || view === 'register') && (
          <RoomLinkHeading link={roomLink} isSignUp={view === 'register'} />
        )}
        {shareOrigin && view !== 'check-email' && <ShareWaitingNotice from={shareOrigin} />}
        <div className="mt-4 rounded-2xl bg-white p-8 shadow-lg dark:bg-slate-900">
          {ssoOnly && isSignInView && (
            <SsoOnlySignIn
              buttonText={ssoOnly.buttonText}
              returnTo={state?.from?.pathname}
              onForgot={() => show('forgot')}
            />
          )}
          {!ssoOnly && isSignInView && <SsoButton returnTo={state?.from?.pathname} />}
          {!ssoOnly && view === 'login' && (
            <LoginForm
              onRegister={() => show('register')}
              onForgot={() => show('forgot')}
              confirmation={state?.confirmation}
            />
          )}
          {!ssoOnly && view === 'register' && (
            <RegisterForm
              invitation={params.get('invitation')}
              onRegistered={(email) => show('check-email', { ...state, registeredEmail: email })}
              onLogin={() => show('login')}
            />
          )}
          {view === 'check-email' && registeredEmail && (
            <CheckEmailView email={registeredEmail} onLogin={() => show('login')} />
          )}
          {view === 'forgot' && ssoOnly && <SsoOnlyNote buttonText={ssoOnly.buttonText} />}
          {view === 'forgot' && <ForgotPasswordForm onDone={() => show('login')} />}
        </div>
      </div>
    </main>
  );
}
