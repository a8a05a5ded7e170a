import type { RoomSummary } from '@clipsync/shared';
import { Clock, Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteRoom } from '../../../api/room-mutations';
import { RelativeTime } from '../../../components/RelativeTime';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/use-toast';
import { MemberAvatarStack } from '../MemberAvatar';
import { roomErrorMessage } from './room-error-message';

/**
 * A room card: name, 'N member(s)', a lock badge when private, last activity, 3 avatars then '+N';
 * Delete only when the server grants it (the owner). As with a clip card, the whole card is one link to
 * the room (its overlay covers the card) and the delete button sits above that overlay.
 */
export function RoomCard({ room }: { room: RoomSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
  const deleteRoom = useDeleteRoom({
    onSuccess: () => toast.success({ title: t('rooms.deleted') }),
    onError: (error) =>
      toast.error({
        title: t('rooms.deleteErrorTitle'),
        description: t('rooms.deleteErrorBody', { message: roomErrorMessage(error) ?? t('rooms.unknownError') }),
      }),
  });
  return (
    <article
      aria-label={room.name}
      className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/rooms/${room.id}`}
          className={cn(
            'min-w-0 flex-1 truncate text-base font-semibold outline-none hover:text-indigo-700 dark:hover:text-indigo-300',
            'after:absolute after:inset-0 after:rounded-xl',
            'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-500',
          )}
          title={room.name}
        >
          {room.name}
        </Link>
        {room.is_private && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <Lock className="h-3 w-3" aria-hidden="true" />
            {t('rooms.privateBadge')}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('rooms.memberTotal', { count: room.memberCount })}
      </p>
      <div className="relative mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
        <MemberAvatarStack avatars={room.avatars} memberCount={room.memberCount} />
        <div className="flex items-center gap-1">
          <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{t('rooms.sortLastActive')}:</span>
            <RelativeTime iso={room.updated_at} />
          </span>
          {room.abilities.delete && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setIsConfirming(true)}
              disabled={deleteRoom.isPending}
              aria-label={t('rooms.deleteRoomTitle')}
              title={t('rooms.deleteRoomTitle')}
              className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      {room.abilities.delete && (
        <ConfirmDialog
          isOpen={isConfirming}
          onOpenChange={setIsConfirming}
          title={t('rooms.deleteRoom')}
          description={t('rooms.deleteRoomDialogText')}
          confirmLabel={t('rooms.delete')}
          cancelLabel={t('rooms.cancel')}
          closeLabel={t('common.close')}
          onConfirm={() => deleteRoom.mutate({ roomId: room.id })}
        />
      )}
    </article>
  );
}
