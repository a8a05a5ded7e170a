import type { AuditEvent } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { adminLogSentence } from '../../../lib/audit-sentences';
import { useDateFormat } from '../../../lib/use-date-format';

/** A person as the entry kept them: the name, and the address under it (either may be missing). */
function Person({ name, email, fallback }: { name: string | null; email: string | null; fallback: string }) {
  if (!name && !email) return <>{fallback}</>;
  return (
    <>
      <span className="block">{name ?? email}</span>
      {name && email && <span className="block text-xs break-all text-slate-600 dark:text-slate-300">{email}</span>}
    </>
  );
}

const clientOf = (event: AuditEvent) => (typeof event.details.client === 'string' ? event.details.client : undefined);

/** On a phone, each entry is a card: the sentence first, then when, who and the request id, nothing sideways. */
function AuditCards({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useTranslation();
  const formatDate = useDateFormat();
  const small = 'text-xs text-slate-600 dark:text-slate-300';
  return (
    <ul aria-label={t('audit.title')} className="flex flex-col gap-3 sm:hidden">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg p-3 text-sm ring-1 ring-slate-200 dark:ring-slate-700">
          <p className="font-medium">{adminLogSentence(event, t, i18n.language)}</p>
          <p className={`mt-1 ${small}`}>
            <time dateTime={event.at}>{formatDate(event.at, 'dateTime')}</time>
            {[clientOf(event), event.actorEmail].filter(Boolean).map((part) => ` · ${part}`)}
          </p>
          {event.requestId && <p className={`mt-1 font-mono break-all ${small}`}>{event.requestId}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The page's entries: when, what happened as a sentence, who did it, the account it concerns, and the request
 * id to find in the server's log (as cards on a phone). The code names are the export's.
 */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <>
      <AuditCards events={events} />
      <AuditWideTable events={events} />
    </>
  );
}

function AuditWideTable({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useTranslation();
  const formatDate = useDateFormat();
  const cell = 'px-3 py-2 align-top';
  return (
    // Focusable, so a keyboard can scroll the table sideways on a narrow window.
    <div
      tabIndex={0}
      role="region"
      aria-label={t('audit.title')}
      className="hidden overflow-x-auto rounded-lg ring-1 ring-slate-200 sm:block dark:ring-slate-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('audit.title')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className={cell}>
              {t('audit.when')}
            </th>
            <th scope="col" className={`${cell} min-w-64`}>
              {t('audit.sentence')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.actor')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.account')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.requestId')}
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const client = clientOf(event);
            return (
              <tr key={event.id} className="border-t border-slate-200 dark:border-slate-700">
                <td className={cell}>
                  <time dateTime={event.at}>{formatDate(event.at, 'dateTime')}</time>
                </td>
                <td className={cell}>
                  <span className="font-medium">{adminLogSentence(event, t, i18n.language)}</span>
                  {client && <span className="block text-xs text-slate-600 dark:text-slate-300">{client}</span>}
                </td>
                <td className={cell}>
                  <Person name={event.actorName} email={event.actorEmail} fallback={t('audit.nobody')} />
                </td>
                <td className={cell}>
                  <Person name={event.subjectName} email={event.subjectEmail} fallback="—" />
                </td>
                <td className={`${cell} font-mono text-xs break-all`}>{event.requestId ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
