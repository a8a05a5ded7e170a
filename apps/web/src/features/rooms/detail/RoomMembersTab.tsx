import type { RoomDetail, RoomMember } from '@clipsync/shared';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveMember } from '../../../api/room-mutations';
import { useAuth } from '../../../session/auth-context';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Sheet, SheetContent } from '../../../ui/Sheet';
import { useToast } from '../../../ui/use-toast';
import { useUndoableAction } from '../../../ui/use-undoable-action';
import { PersonName } from '../PersonName';
import { MemberAvatar } from '../MemberAvatar';
import { RoomInvitationsList } from './RoomInvitationsList';

/**
 * The Members tab: everyone with an Owner or Member badge in a 400 px scroll area; a member opens the
 * 'Member Details' sheet, where the owner (only) may remove a non-owner member. Below: pending invitations.
 */
export function RoomMembersTab({ room }: { room: RoomDetail }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const toast = useToast();
  const [selected, setSelected] = useState<RoomMember | null>(null);
  // 'Member removed' is the Undo toast's, said when the member leaves the list: only a failure is said later.
  const removeMember = useRemoveMember({ onError: () => toast.error({ title: t('rooms.removeMemberFailed') }) });
  const undoable = useUndoableAction();
  const remove = (member: RoomMember) => {
    setSelected(null);
    undoable.run({
      key: member.id,
      title: t('rooms.memberRemoved'),
      description: member.email,
      commit: ({ keepalive }) => removeMember.mutateAsync({ roomId: room.id, memberId: member.id, keepalive }),
    });
  };
  return (
    <>
      <ul className="max-h-[400px] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {room.members
          .filter((member) => !undoable.hidden.has(member.id))
          .map((member) => (
            <li key={member.id}>
              <button
                type="button"
                onClick={() => setSelected(member)}
                className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
              >
                <MemberAvatar email={member.email} avatar={member.avatar} />
                <span className="min-w-0 flex-1 truncate text-sm">
                  <PersonName person={member} />
                  {member.id === user?.id && (
                    <span className="text-slate-500 dark:text-slate-400"> ({t('rooms.you')})</span>
                  )}
                </span>
                <RoleBadge role={member.role} />
              </button>
            </li>
          ))}
      </ul>
      <RoomInvitationsList room={room} />
      <MemberDetailsSheet room={room} member={selected} onClose={() => setSelected(null)} onRemove={remove} />
    </>
  );
}

function RoleBadge({ role }: { role: RoomMember['role'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        role === 'owner'
          ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {t(role === 'owner' ? 'rooms.owner' : 'rooms.member')}
    </span>
  );
}

function MemberDetailsSheet({
  room,
  member,
  onClose,
  onRemove,
}: {
  room: RoomDetail;
  member: RoomMember | null;
  onClose: () => void;
  onRemove: (member: RoomMember) => void;
}) {
  const { t } = useTranslation();
  const canRemove = member !== null && member.role !== 'owner' && room.abilities.removeMember;
  return (
    <Sheet open={member !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <SheetContent title={t('rooms.memberDetails')} closeLabel={t('common.close')}>
        {member && (
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3">
              <MemberAvatar email={member.email} avatar={member.avatar} size="md" />
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{member.name || member.email}</p>
                {member.name && (
                  <p className="text-sm wrap-anywhere text-slate-500 dark:text-slate-400">{member.email}</p>
                )}
                <RoleBadge role={member.role} />
              </div>
            </div>
            {canRemove && (
              <Button variant="destructive" onClick={() => onRemove(member)}>
                <UserMinus className="h-4 w-4" aria-hidden="true" />
                {t('rooms.removeFromRoom')}
              </Button>
            )}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
