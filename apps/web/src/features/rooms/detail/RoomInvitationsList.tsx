import type { RoomDetail } from '@clipsync/shared';
import { Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCancelInvitation } from '../../../api/room-mutations';
import { useRoomInvitations } from '../../../api/room-queries';
import { useDateFormat } from '../../../lib/use-date-format';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';

/**
 * The room's pending invitations, below its members: every member sees who was invited, by whom and until
 * when; the owner (who manages membership) may cancel one. Nothing shows while there are none.
 */
export function RoomInvitationsList({ room }: { room: RoomDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const invitations = useRoomInvitations(room.id, true);
  const cancel = useCancelInvitation({
    onSuccess: () => toast.success({ title: t('rooms.invitationCancelled') }),
    onError: () => toast.error({ title: t('rooms.cancelInvitationFailed') }),
  });
  const formatDate = useDateFormat();
  const pending = invitations.data ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="room-invitations-title" className="mt-6 space-y-2">
      <h2 id="room-invitations-title" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t('rooms.invitationsTitle')}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {pending.map((invitation) => (
          <li key={invitation.id} className="flex items-center gap-3 px-4 py-3">
            <Mail className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="text-sm wrap-anywhere">{invitation.email}</p>
              <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">
                {t('rooms.invitationMeta', {
                  email: invitation.invitedBy.email,
                  date: formatDate(invitation.expires_at),
                })}
              </p>
            </div>
            {room.abilities.removeMember && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${t('rooms.cancelInvitation')}: ${invitation.email}`}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ roomId: room.id, invitationId: invitation.id })}
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {/* A phone keeps the width for the e-mail; the button's name says it all. */}
                <span className="hidden sm:inline">{t('rooms.cancelInvitation')}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
