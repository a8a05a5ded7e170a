import type { ReportedOwner, ReportQueueStatus } from '@clipsync/shared';
import { REPORTS_PAGE_SIZE } from '@clipsync/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDisableAccountById } from '../../../api/admin-account-queries';
import { useReportQueue } from '../../../api/moderation-queries';
import { useKeepPageInRange, useListUrlState } from '../../../components/use-list-url-state';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/use-toast';
import { ReportedItemCard, type DisableUserSlot } from './ReportedItemCard';
import { reportListParams } from './report-list-params';

/** `/admin/reports`: the reports queue of the admin console, where an item's owner can be disabled too (asked first). */
export default function ReportsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableAccountById();
  const [owner, setOwner] = useState<ReportedOwner | null>(null);
  const disableOwner = (chosen: ReportedOwner) =>
    disable.mutate(chosen.id, {
      onSuccess: () => toast.success({ title: t('moderation.done.ownerDisabled', { email: chosen.email }) }),
      onError: (error) => toast.error({ title: t('moderation.actionFailed'), description: error.message }),
    });
  return (
    <>
      <ReportsQueue onDisableUser={setOwner} />
      <ConfirmDialog
        isOpen={owner !== null}
        onOpenChange={(isOpen) => !isOpen && setOwner(null)}
        title={t('moderation.confirmDisable.title', { email: owner?.email ?? '' })}
        description={t('moderation.confirmDisable.description')}
        confirmLabel={t('moderation.disableUser')}
        cancelLabel={t('moderation.cancel')}
        closeLabel={t('moderation.close')}
        onConfirm={() => {
          if (owner) disableOwner(owner);
          setOwner(null);
        }}
      />
    </>
  );
}

/**
 * Reported items, open or resolved, a page at a time, each with its metadata and the admin's actions.
 * `onDisableUser`: the console's way to disable an account (another area's); without it no such button shows.
 */
export function ReportsQueue({ onDisableUser }: { onDisableUser?: DisableUserSlot }) {
  const { t } = useTranslation();
  const { filters, setFilters, page, setPage } = useListUrlState(reportListParams);
  const { status } = filters;
  const queue = useReportQueue({ status, limit: REPORTS_PAGE_SIZE, offset: (page - 1) * REPORTS_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / REPORTS_PAGE_SIZE));
  useKeepPageInRange(page, queue.data?.total, REPORTS_PAGE_SIZE, setPage);
  const show = (next: ReportQueueStatus) => setFilters({ ...filters, status: next });
  const { hash } = useLocation();
  useEffect(() => {
    // The Overview links to a card by its heading's id, which exists once the queue has loaded.
    if (hash && queue.data) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash, queue.data]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('moderation.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('moderation.intro')}</p>
      <div role="group" aria-label={t('moderation.statusLabel')} className="mt-6 flex gap-2">
        {(['open', 'resolved'] as const).map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={status === choice ? 'primary' : 'secondary'}
            aria-pressed={status === choice}
            onClick={() => show(choice)}
          >
            {t(`moderation.${choice}`)}
          </Button>
        ))}
      </div>
      <section aria-label={t(`moderation.${status}`)} className="mt-6">
        {queue.isPending ? (
          <div role="status" aria-label={t('moderation.loading')}>
            <Skeleton className="h-32 w-full" />
          </div>
        ) : queue.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert">{t('moderation.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void queue.refetch()}>
              {t('moderation.retry')}
            </Button>
          </div>
        ) : queue.data.items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('moderation.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {queue.data.items.map((item) => (
              <ReportedItemCard key={`${item.kind}:${item.id}`} item={item} onDisableUser={onDisableUser} />
            ))}
          </ul>
        )}
      </section>
      {pages > 1 && (
        <nav aria-label={t('moderation.page', { page, pages })} className="mt-6 flex items-center gap-3">
          <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('moderation.previous')}
          </Button>
          <span className="text-sm">{t('moderation.page', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('moderation.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
