import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRegistrationSettings } from '../../api/registration-queries';
import { NoMailNote } from './NoMailNote';
import { ResendConfirmationButton } from './ResendConfirmationButton';

/**
 * Where sign-up lands: the account cannot log in until its address is confirmed, so this says where the link
 * went (a server without mail set up sends none: then where the link is instead) and offers it again, rather
 * than a login form the new user could not yet use. Resending answers alike for every address (the server's
 * rule), so the view reveals nothing of other accounts.
 */
export function CheckEmailView({ email, onLogin }: { email: string; onLogin: () => void }) {
  const { t } = useTranslation();
  const mail = useRegistrationSettings().data?.mail;
  return (
    <section aria-labelledby="check-email-title" className="space-y-4 text-center">
      <MailCheck className="mx-auto h-12 w-12 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      <h1 id="check-email-title" className="text-2xl font-bold">
        {t('checkEmail.title')}
      </h1>
      {mail && !mail.configured ? (
        <NoMailNote email={email} outboxPath={mail.outboxPath} />
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            {t('checkEmail.sentTo')} <strong className="break-all text-slate-900 dark:text-white">{email}</strong>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('checkEmail.body')}</p>
        </>
      )}
      <ResendConfirmationButton email={email} />
      <button type="button" onClick={onLogin} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {t('checkEmail.toLogin')}
      </button>
    </section>
  );
}
