import type { AuditEvent } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { securityEventLabelKey } from '../../../lib/security-event-labels';

function Details({ details }: { details: AuditEvent['details'] }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return null;
  return (
    <span className="block text-xs text-slate-600 dark:text-slate-300">
      {entries
        .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(' · ')}
    </span>
  );
}

/** The page's entries: when, what, who, on what, and the request id to find in the server's log. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useTranslation();
  const cell = 'px-3 py-2 align-top';
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <div
      tabIndex={0}
      role="region"
      aria-label={t('audit.title')}
      className="overflow-x-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('audit.title')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className={cell}>
              {t('audit.when')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.action')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.actor')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.target')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.requestId')}
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const labelKey = securityEventLabelKey(event.action);
            return (
              <tr key={event.id} className="border-t border-slate-200 dark:border-slate-700">
                <td className={cell}>
                  <time dateTime={event.at}>{new Date(event.at).toLocaleString(i18n.language)}</time>
                </td>
                <td className={cell}>
                  <span className="font-medium">{labelKey ? t(labelKey) : event.action}</span>
                  <Details details={event.details} />
                </td>
                <td className={cell}>{event.actorEmail ?? event.actorId ?? t('audit.nobody')}</td>
                <td className={cell}>{event.targetId ? `${event.targetKind ?? ''} ${event.targetId}`.trim() : '—'}</td>
                <td className={`${cell} font-mono text-xs break-all`}>{event.requestId ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
