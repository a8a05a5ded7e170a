import { ADMIN_INVITATION_STATUSES, ADMIN_INVITATION_TTL_DAYS, ADMIN_INVITATIONS_PAGE_SIZE } from '@clipsync/shared';
import type { AdminInvitationStatus } from '@clipsync/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminInvitations } from '../../../api/admin-invitation-queries';
import { Button } from '../../../ui/Button';
import { QueryState } from '../../../ui/QueryState';
import { InvitationRow } from './InvitationRow';
import { InviteForm } from './InviteForm';

type StatusFilter = AdminInvitationStatus | 'all';
const isStatusFilter = (value: string): value is StatusFilter =>
  value === 'all' || ADMIN_INVITATION_STATUSES.some((status) => status === value);

/**
 * `/admin/invitations`: invite an address by e-mail (its link lets it sign up whatever the registration
 * mode), and the invitations sent, newest first, by status, paged on the server, each revocable while open.
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const filterId = useId();
  const invitations = useAdminInvitations({
    ...(status === 'all' ? {} : { status }),
    limit: ADMIN_INVITATIONS_PAGE_SIZE,
    offset,
  });
  const total = invitations.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('adminInvitations.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {t('adminInvitations.intro', { count: ADMIN_INVITATION_TTL_DAYS })}
      </p>
      <InviteForm />
      <section aria-labelledby="invitations-list" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="invitations-list" className="text-xl font-semibold">
            {t('adminInvitations.listTitle')}
          </h2>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor={filterId}>{t('adminInvitations.filter')}</label>
            <select
              id={filterId}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
              value={status}
              onChange={(event) => {
                if (!isStatusFilter(event.target.value)) return;
                setStatus(event.target.value);
                setOffset(0);
              }}
            >
              <option value="all">{t('adminInvitations.all')}</option>
              {ADMIN_INVITATION_STATUSES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`adminInvitations.status.${choice}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <QueryState
          query={invitations}
          refreshFailed={t('adminInvitations.loadFailed')}
          className="mt-4"
          loading={{ label: t('adminInvitations.loading'), rowClassName: 'h-24 w-full' }}
          failed={
            <div className="mt-4 flex flex-col items-start gap-3">
              <p role="alert">{t('adminInvitations.loadFailed')}</p>
              <Button variant="secondary" onClick={() => void invitations.refetch()}>
                {t('adminInvitations.retry')}
              </Button>
            </div>
          }
          isEmpty={(data) => data.invitations.length === 0}
          empty={t('adminInvitations.empty')}
        >
          {(data) => (
            <>
              <ul className="mt-4 flex flex-col gap-3">
                {data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </ul>
              <nav
                aria-label={t('adminInvitations.pages')}
                className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
              >
                <span>
                  {t('adminInvitations.range', {
                    from: offset + 1,
                    to: offset + data.invitations.length,
                    total,
                  })}
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={offset === 0}
                    onClick={() => setOffset(Math.max(0, offset - ADMIN_INVITATIONS_PAGE_SIZE))}
                  >
                    {t('adminInvitations.previous')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={offset + ADMIN_INVITATIONS_PAGE_SIZE >= total}
                    onClick={() => setOffset(offset + ADMIN_INVITATIONS_PAGE_SIZE)}
                  >
                    {t('adminInvitations.next')}
                  </Button>
                </span>
              </nav>
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
