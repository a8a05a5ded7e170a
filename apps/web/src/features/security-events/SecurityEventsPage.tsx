import { AUDIT_PAGE_SIZE, type SecurityEvent } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecurityEvents } from '../../api/audit-queries';
import { LoadFailed } from '../../components/LoadFailed';
import { Pager } from '../../components/Pager';
import { RelativeTime } from '../../components/RelativeTime';
import { ownerEventSentence } from '../../lib/audit-sentences';
import { QueryState } from '../../ui/QueryState';

function EventRow({ event }: { event: SecurityEvent }) {
  const { t, i18n } = useTranslation();
  const title = ownerEventSentence(event, t, i18n.language);
  const client = typeof event.details.client === 'string' ? event.details.client : undefined;
  const name = typeof event.details.name === 'string' ? event.details.name : undefined;
  // A takedown and its restore carry the operator's reason: the owner is told why.
  const reason =
    typeof event.details.reason === 'string'
      ? t('audit.actions.itemTakedownReason', { reason: event.details.reason })
      : undefined;
  return (
    <li aria-label={title} className="rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700">
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        <RelativeTime iso={event.at} />
        {[name, client, reason].filter(Boolean).map((part) => ` · ${part}`)}
      </p>
    </li>
  );
}

/**
 * `/settings/security-events`, "Security events": what happened to the account that its owner should know
 * of (a sign-in from a new device, tokens, a password reset, what an admin changed), newest first.
 */
export default function SecurityEventsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const events = useSecurityEvents(page);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('audit.securityTitle')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('audit.securityIntro')}</p>
      <section aria-label={t('audit.securityTitle')} className="mt-6">
        <QueryState
          query={events}
          refreshFailed={t('audit.securityLoadFailed')}
          loading={{ label: t('audit.loading'), rows: 2, rowClassName: 'h-16 w-full' }}
          failed={
            <LoadFailed
              title={t('audit.securityLoadFailed')}
              onRetry={() => void events.refetch()}
              isRetrying={events.isFetching}
            />
          }
          isEmpty={(data) => data.events.length === 0}
          empty={t('audit.securityEmpty')}
        >
          {(data) => (
            <>
              <ul className="flex flex-col gap-3">
                {data.events.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
              <Pager
                page={page + 1}
                pages={Math.ceil(data.total / AUDIT_PAGE_SIZE)}
                onPageChange={(next) => setPage(next - 1)}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
