import type { RoomDetail } from '@clipsync/shared';
import { ArrowLeft, Link2, Lock, LogOut, Settings, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeleteRoom, useLeaveRoom } from '../../../api/room-mutations';
import { copyText } from '../../../lib/browser-files';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/use-toast';
import { AddMemberDialog } from './AddMemberDialog';
import { RoomSettingsDialog } from './RoomSettingsDialog';

interface RoomHeaderProps {
  room: RoomDetail;
  /** Called before this user deletes or leaves the room, so the live 'room closed' notice is not repeated. */
  onClosingHere: () => void;
}

type OpenDialog = 'addMember' | 'settings' | 'leave' | 'delete' | null;

/** The invite link the owner shares (only they are given it): it opens the room for whoever signs in with it. */
export const inviteLink = (origin: string, shareToken: string) =>
  `${origin}/rooms/join/${encodeURIComponent(shareToken)}`;

/**
 * The room header: name, 'Private Room' or 'Public Room', member count; Delete Room for the owner, Add
 * Member for members; also the owner's invite link and settings, and Leave Room for members.
 */
export function RoomHeader({ room, onClosingHere }: RoomHeaderProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = (isOpen: boolean) => !isOpen && setDialog(null);
  const deleteRoom = useDeleteRoom({
    onSuccess: () => {
      toast.success({ title: t('rooms.deleted') });
      void navigate('/rooms');
    },
    onError: (error) =>
      toast.error({
        title: t('rooms.deleteErrorTitle'),
        description: t('rooms.deleteErrorBody', {
          message: (error instanceof Error && error.message) || t('rooms.unknownError'),
        }),
      }),
  });
  const leaveRoom = useLeaveRoom({
    onSuccess: () => {
      toast.success({ title: t('rooms.left') });
      void navigate('/rooms');
    },
    onError: (error) =>
      toast.error({ title: t('rooms.leaveFailed'), description: error instanceof Error ? error.message : undefined }),
  });
  const { shareToken } = room;
  const copyInvite = async (token: string) => {
    try {
      await copyText(inviteLink(window.location.origin, token));
      toast.success({ title: t('rooms.linkCopied') });
    } catch {
      toast.error({ title: t('share.copyFailed'), description: t('share.copyFailedBody') });
    }
  };

  return (
    <header className="space-y-3">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/rooms">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('rooms.backToRooms')}
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere">{room.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
            <span className="inline-flex items-center gap-1">
              {room.isPrivate && <Lock className="h-3.5 w-3.5" aria-hidden="true" />}
              {t(room.isPrivate ? 'rooms.privateRoom' : 'rooms.publicRoom')}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="h-3.5 w-3.5" aria-hidden="true" />
              {t('rooms.memberTotal', { count: room.memberCount })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {room.abilities.addMember && (
            <Button onClick={() => setDialog('addMember')}>
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              {t('rooms.addMember')}
            </Button>
          )}
          {/* A read-only room takes nobody new: its link would only lead to a refusal. */}
          {shareToken && !room.readOnly && (
            <Button variant="secondary" onClick={() => void copyInvite(shareToken)}>
              <Link2 className="h-4 w-4" aria-hidden="true" />
              {t('rooms.copyInviteLink')}
            </Button>
          )}
          {room.abilities.update && (
            <Button variant="secondary" onClick={() => setDialog('settings')}>
              <Settings className="h-4 w-4" aria-hidden="true" />
              {t('rooms.settings')}
            </Button>
          )}
          {room.abilities.leave && (
            <Button variant="secondary" onClick={() => setDialog('leave')}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('rooms.leaveRoom')}
            </Button>
          )}
          {room.abilities.delete && (
            <Button variant="destructive" onClick={() => setDialog('delete')}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('rooms.deleteRoom')}
            </Button>
          )}
        </div>
      </div>
      <AddMemberDialog roomId={room.id} isOpen={dialog === 'addMember'} onOpenChange={closeDialog} />
      <RoomSettingsDialog room={room} isOpen={dialog === 'settings'} onOpenChange={closeDialog} />
      <ConfirmDialog
        isOpen={dialog === 'leave'}
        onOpenChange={closeDialog}
        title={t('rooms.leaveTitle')}
        description={t('rooms.leaveText')}
        confirmLabel={t('rooms.leave')}
        cancelLabel={t('rooms.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => {
          onClosingHere();
          leaveRoom.mutate({ roomId: room.id });
        }}
      />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={closeDialog}
        title={t('rooms.deleteRoom')}
        description={t('rooms.deleteRoomDialogText')}
        confirmLabel={t('rooms.delete')}
        cancelLabel={t('rooms.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => {
          onClosingHere();
          deleteRoom.mutate({ roomId: room.id });
        }}
      />
    </header>
  );
}
