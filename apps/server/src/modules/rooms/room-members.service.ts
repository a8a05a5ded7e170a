import { and, eq, isNull, or } from 'drizzle-orm';
import { roomInvitations, roomRemovals, rooms, users } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { newSecretToken } from '../../lib/secure-tokens';
import { deleteMember, findRoomAccess } from './room-access';
import type { RoomsContext } from './rooms.context';
import { recordActivity } from './room-activity.service';
import { inviteToRoom } from './room-invitations.service';
import { assertRoomWritable } from './room-writable';
import { roomPolicy } from './rooms.policy';

/**
 * Any member invites an address (`POST /rooms/{id}/members`). The answer is the same whether or not the
 * address has an account; nobody becomes a member until the invitee accepts (room-invitations.service).
 */
export async function addMember(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  email: string,
  linkOrigin: string,
): Promise<{ invited: string }> {
  const { room, access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'addMember', actor, access);
  await assertRoomWritable(ctx, actor, access);
  return inviteToRoom(ctx, actor, room, access, email, linkOrigin);
}

/**
 * The owner removes a member by user id (`member_removed`); the owner themself cannot be removed. The
 * removed member's sockets leave the room's channel at once and are told. The removal is recorded, so
 * they cannot walk back in (invite link, opening a public room, a member's invitation), and the invite
 * link is replaced, since they may have kept it.
 */
export async function removeMember(ctx: RoomsContext, actor: Actor, roomId: string, memberId: string): Promise<void> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'removeMember', actor, access);
  const { userId } = requireSignedIn(actor);
  if (memberId === access.ownerId) {
    throw new AppError('FORBIDDEN', 'The room owner cannot be removed. Delete the room instead.');
  }
  const [member] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, memberId));
  const removed = await ctx.db.transaction(async (tx) => {
    const isGone = await deleteMember(tx, roomId, memberId);
    if (isGone) {
      await tx.insert(roomRemovals).values({ roomId, userId: memberId }).onConflictDoNothing();
      await tx.update(rooms).set({ shareToken: newSecretToken() }).where(eq(rooms.id, roomId));
      // Invitations pending for them (one the owner sent earlier would let them back) or from them go too.
      const theirs = member
        ? or(eq(roomInvitations.email, member.email), eq(roomInvitations.invitedBy, memberId))
        : eq(roomInvitations.invitedBy, memberId);
      await tx
        .delete(roomInvitations)
        .where(and(eq(roomInvitations.roomId, roomId), isNull(roomInvitations.acceptedAt), theirs));
      await recordActivity(tx, {
        roomId,
        userId,
        type: 'member_removed',
        details: { memberEmail: member?.email ?? null, memberId },
      });
    }
    return isGone;
  });
  if (!removed) throw new AppError('NOT_FOUND', 'This user is not a member of the room');
  ctx.events.emit('room.member-gone', { roomId, userId: memberId, reason: 'removed' });
  ctx.events.emit('room.changed', { roomId, type: 'member_removed', actorId: userId });
}
