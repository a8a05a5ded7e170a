import { eq } from 'drizzle-orm';
import type { RoomMember } from '@clipsync/shared';
import { users } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { deleteMember, findRoomAccess, insertMember, type RoomsContext } from './room-access';
import { recordActivity } from './room-activity.service';
import { assertRoomWritable } from './room-writable';
import { roomPolicy } from './rooms.policy';

/**
 * Any member adds a registered user by e-mail (`member_added`). Unknown e-mail: 404 with a message a person
 * can act on; already a member: 409.
 */
export async function addMember(ctx: RoomsContext, actor: Actor, roomId: string, email: string): Promise<RoomMember> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'addMember', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const { userId } = requireSignedIn(actor);
  const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', `No ClipSync account uses ${email}. Ask them to sign up first.`);
  const added = await ctx.db.transaction(async (tx) => {
    const isNew = await insertMember(tx, roomId, user.id);
    if (isNew) {
      await recordActivity(tx, {
        roomId,
        userId,
        type: 'member_added',
        details: { memberEmail: user.email, memberId: user.id },
      });
    }
    return isNew;
  });
  if (!added) throw new AppError('CONFLICT', `${user.email} is already a member of this room`);
  ctx.events.emit('room.changed', { roomId, type: 'member_added', actorId: userId });
  return { id: user.id, email: user.email, role: 'member', avatar: null };
}

/**
 * The owner removes a member by user id (`member_removed`); the owner themself cannot be removed. The
 * removed member's sockets leave the room's channel at once and are told.
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
