import { useTranslation } from 'react-i18next';

/**
 * The check-your-email page on a server without mail set up: no mail was sent, so it says where the link is
 * instead. In development, the dev outbox (answered on the server's machine only); elsewhere, the server's log,
 * and what its operator can do. The server tells no more of its set-up than that.
 */
export function NoMailNote({ email, outboxPath }: { email: string; outboxPath: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div data-testid="no-mail-note" className="space-y-2 text-slate-600 dark:text-slate-300">
      <p>
        {t('checkEmailNoMail.notSent')} <strong className="break-all text-slate-900 dark:text-white">{email}</strong>
      </p>
      {outboxPath ? (
        <p className="text-sm">
          {t('checkEmailNoMail.inOutbox')}{' '}
          <a
            href={outboxPath}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            {t('checkEmailNoMail.openOutbox')}
          </a>
        </p>
      ) : (
        <p className="text-sm">{t('checkEmailNoMail.forOperator')}</p>
      )}
    </div>
  );
}
