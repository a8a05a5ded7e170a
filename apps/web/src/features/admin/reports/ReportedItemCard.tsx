import { TAKEDOWN_REASON_MAX, type ReportedItem, type ReportedOwner } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModerationActions } from '../../../api/moderation-queries';
import { formatFileSize } from '../../../lib/file-size';
import { useDateFormat } from '../../../lib/use-date-format';
import { Button } from '../../../ui/Button';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { ReportedItemContentPanel } from './ReportedItemContentPanel';

const LINK = 'font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300';

/** Disables the owner's account (the accounts area's action, handed in by the console). */
export type DisableUserSlot = (owner: ReportedOwner) => void;

/** One reported item: what it is, whose, its grouped reports, and take down / restore / dismiss. */
export function ReportedItemCard({ item, onDisableUser }: { item: ReportedItem; onDisableUser?: DisableUserSlot }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const dateOf = (iso: string) => formatDate(iso, 'dateTime');
  const toast = useToast();
  const actions = useModerationActions();
  const [isTakingDown, setIsTakingDown] = useState(false);
  const [showsContent, setShowsContent] = useState(false);
  const key = { kind: item.kind, id: item.id };
  const headingId = `report-${item.kind}-${item.id}`;
  const failed = () => toast.error({ title: t('moderation.actionFailed') });
  const canOpen = !(item.kind === 'clip' && item.encrypted);

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`moderation.kinds.${item.kind}`)} · {t('moderation.reportCount', { count: item.reportCount })}
      </h2>
      {item.takedown && (
        <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-200">
          {t('moderation.takenDownBadge', { reason: item.takedown.reason })}
        </p>
      )}
      <p className="mt-2 text-sm">{item.reasons.map((reason) => t(`moderation.reasons.${reason}`)).join(', ')}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <li className="break-all">
          {t('moderation.owner', { name: item.owner.name, email: item.owner.email })} ·{' '}
          {t('moderation.takedownCount', { count: item.owner.takedownCount })}
        </li>
        <li>{t('moderation.reported', { first: dateOf(item.firstReportedAt), last: dateOf(item.lastReportedAt) })}</li>
        <li>
          {t('moderation.created', { date: dateOf(item.createdAt) })}
          {item.sizeBytes !== null && <> · {t('moderation.size', { size: formatFileSize(item.sizeBytes) })}</>}
        </li>
        {item.encrypted && <li>{t('moderation.encrypted')}</li>}
        <li className="flex flex-wrap gap-x-4 gap-y-1">
          {item.visitorPath && (
            <a href={item.visitorPath} target="_blank" rel="noreferrer" className={LINK}>
              {t('moderation.openAsVisitor')}
            </a>
          )}
          <Link to={`/admin/users/${item.owner.id}`} className={LINK}>
            {t('moderation.ownerInUsers')}
          </Link>
        </li>
      </ul>
      {item.notes.length > 0 && (
        <div className="mt-2 text-sm">
          <p className="font-medium">{t('moderation.notes')}</p>
          <ul className="list-disc pl-5">
            {item.notes.map((note, index) => (
              <li key={index} className="break-words">
                {note}
              </li>
            ))}
          </ul>
        </div>
      )}
      {showsContent && <ReportedItemContentPanel item={key} />}
      <div className="mt-4 flex flex-wrap gap-2">
        {canOpen && !showsContent && (
          <Button size="sm" variant="secondary" onClick={() => setShowsContent(true)}>
            {t('moderation.showContent')}
          </Button>
        )}
        {item.takedown ? (
          <Button
            size="sm"
            onClick={() =>
              actions.restore.mutate(key, {
                onSuccess: () => toast.success({ title: t('moderation.done.restored') }),
                onError: failed,
              })
            }
          >
            {t('moderation.restore')}
          </Button>
        ) : (
          <Button size="sm" variant="destructive" onClick={() => setIsTakingDown(true)}>
            {t('moderation.takeDown')}
          </Button>
        )}
        {!item.takedown && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              actions.dismiss.mutate(key, {
                onSuccess: () => toast.success({ title: t('moderation.done.dismissed') }),
                onError: failed,
              })
            }
          >
            {t('moderation.dismiss')}
          </Button>
        )}
        {onDisableUser && !item.owner.isDisabled && (
          <Button size="sm" variant="secondary" onClick={() => onDisableUser(item.owner)}>
            {t('moderation.disableUser')}
          </Button>
        )}
      </div>
      <TakeDownDialog
        isOpen={isTakingDown}
        onOpenChange={setIsTakingDown}
        onConfirm={(reason) =>
          actions.takeDown.mutate(
            { item: key, reason },
            {
              onSuccess: () => {
                setIsTakingDown(false);
                toast.success({ title: t('moderation.done.takenDown') });
              },
              onError: failed,
            },
          )
        }
      />
    </li>
  );
}

/** Asks the reason the owner will read before taking the item down. */
function TakeDownDialog({
  isOpen,
  onOpenChange,
  onConfirm,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('moderation.takeDown')} closeLabel={t('moderation.close')}>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('moderation.takedownReason')}
            <Input
              required
              maxLength={TAKEDOWN_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <DialogFormActions
            cancelLabel={t('moderation.cancel')}
            submitLabel={t('moderation.confirmTakeDown')}
            canSubmit={reason.trim() !== ''}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
