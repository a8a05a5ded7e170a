import { useTranslation } from 'react-i18next';
import { useRegistrationSettings } from '../../api/registration-queries';
import { useAuth } from '../../session/auth-context';
import { useHasPainted } from '../../ui/use-has-painted';
import { registrationNotice } from '../../lib/registration-notice';

/**
 * Under the landing page's buttons, for a visitor: who may sign up here when not anyone ("Sign-ups are by
 * invitation on this server"), in the sign-up form's words. The buttons still lead to the form, where an
 * invited address may finish. Asked only once the page is painted: the build's prerender never starts the
 * request (its pending query would keep the build running), and the first paint does not wait for it.
 */
export function SignUpModeNotice() {
  return useHasPainted() ? <SignUpModeLine /> : null;
}

function SignUpModeLine() {
  const { t, i18n } = useTranslation();
  const isSignedIn = useAuth().status === 'signedIn';
  const settings = useRegistrationSettings();
  const notice = isSignedIn ? null : registrationNotice(settings.data, t, i18n.language);
  if (!notice) return null;
  return (
    <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="sign-up-mode">
      {notice}
    </p>
  );
}
