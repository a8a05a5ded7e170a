import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { roomLinkOf, RoomLinkHeading } from './RoomLinkHeading';

type View = 'login' | 'register' | 'forgot';

/** The auth screen: login, registration and forgot-password views; `?mode=` picks the first. */
export default function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The remembered origin (from the protected guard) must survive switching views, or login lands on /dashboard.
  const { state } = useLocation();
  const mode = params.get('mode');
  const view: View = mode === 'register' || mode === 'forgot' ? mode : 'login';
  const show = (next: View) => setParams(next === 'login' ? {} : { mode: next }, { replace: true, state });
  const roomLink = roomLinkOf((state as { from?: { pathname?: string } } | null)?.from?.pathname);
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="w-full max-w-md">
        <Link to="/" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.backHome')}
        </Link>
        {roomLink && view !== 'forgot' && <RoomLinkHeading link={roomLink} isSignUp={view === 'register'} />}
        <div className="mt-4 rounded-2xl bg-white p-8 shadow-lg dark:bg-slate-900">
          {view === 'login' && <LoginForm onRegister={() => show('register')} onForgot={() => show('forgot')} />}
          {view === 'register' && <RegisterForm onDone={() => show('login')} />}
          {view === 'forgot' && <ForgotPasswordForm onDone={() => show('login')} />}
        </div>
      </div>
    </main>
  );
}
