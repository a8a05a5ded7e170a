import type { AdminInvitation, AdminInvitationStatus } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevokeAdminInvitation } from '../../../api/admin-invitation-queries';
import { RelativeTime } from '../../../components/RelativeTime';
import { useDateFormat } from '../../../lib/use-date-format';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/use-toast';

const STATUS_STYLE: Record<AdminInvitationStatus, string> = {
  pending: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
  accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** One invitation: its address, status, when it was sent (and by whom), and Revoke while it is open. */
export function InvitationRow({ invitation }: { invitation: AdminInvitation }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const toast = useToast();
  const revoke = useRevokeAdminInvitation();
  const [isConfirming, setIsConfirming] = useState(false);
  // A used invitation made its account, and a revoked one is dead already: only an open one can be revoked.
  const isOpen = invitation.status === 'pending' || invitation.status === 'expired';
  return (
    <li
      aria-label={invitation.email}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="flex flex-wrap items-center gap-2 font-medium break-all">
          {invitation.email}
          <span className={cn('rounded-full px-2 py-0.5 text-xs', STATUS_STYLE[invitation.status])}>
            {t(`adminInvitations.status.${invitation.status}`)}
          </span>
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {t('adminInvitations.sentAt')} <RelativeTime iso={invitation.sentAt} />
          {invitation.invitedByEmail && ` · ${t('adminInvitations.by', { email: invitation.invitedByEmail })}`}
        </span>
        {invitation.status === 'pending' && (
          <span className="text-slate-600 dark:text-slate-300">
            {t('adminInvitations.expires')}{' '}
            <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
          </span>
        )}
      </div>
      {isOpen && (
        <Button
          variant="destructive"
          size="sm"
          disabled={revoke.isPending}
          aria-label={t('adminInvitations.revokeNamed', { email: invitation.email })}
          onClick={() => setIsConfirming(true)}
        >
          {t('adminInvitations.revoke')}
        </Button>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('adminInvitations.revokeConfirm.title')}
        description={t('adminInvitations.revokeConfirm.description', { email: invitation.email })}
        confirmLabel={t('adminInvitations.revoke')}
        cancelLabel={t('adminInvitations.revokeConfirm.cancel')}
        closeLabel={t('adminInvitations.revokeConfirm.close')}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => toast.success({ title: t('adminInvitations.revoked', { email: invitation.email }) }),
            onError: (error) => toast.error({ title: t('adminInvitations.revokeFailed'), description: error.message }),
          })
        }
      />
    </li>
  );
}
