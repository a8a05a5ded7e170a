import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import {
  ROOM_INVITATION_TTL_DAYS,
  ROOM_INVITATIONS_PER_HOUR,
  type JoinRoomResult,
  type RoomInvitation,
} from '@clipsync/shared';
import { roomInvitations, roomMembers, roomRemovals, rooms, users } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';
import { roomInvitationMail, roomSignUpInvitationMail } from '../../mail/templates/room-mails';
import { findRoomAccess, insertMember, REMOVED_MESSAGE } from './room-access';
import type { RoomsContext, Transaction } from './rooms.context';
import { recordActivity } from './room-activity.service';
import { assertRoomWritable } from './room-writable';
import { roomPolicy, type RoomAccess } from './rooms.policy';

// Invitations by e-mail: every address gets the same answer and a pending invitation (so the answer never
// tells whether it has an account); its mail says how to join, and only the invitee's acceptance joins.

export const INVITATION_TTL_MS = ROOM_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const INVALID_INVITATION = 'This invitation is invalid or was cancelled. Ask a member of the room for a new one.';

type InvitationRow = typeof roomInvitations.$inferSelect;

/** Counts one invitation against the inviting account's and the room's hourly allowance. */
async function countInvitation(ctx: RoomsContext, userId: string, roomId: string): Promise<void> {
  const waits = await Promise.all([
    ctx.invitationLimiter.hit(`room-invitations:account:${userId}`),
    ctx.invitationLimiter.hit(`room-invitations:room:${roomId}`),
  ]);
  const retryAfter = Math.max(...waits);
  if (retryAfter > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `At most ${ROOM_INVITATIONS_PER_HOUR} invitations an hour can be sent. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
  }
}

/**
 * Invites an address to the room: a pending invitation (a new token and a new expiry when one was pending)
 * and its mail, sent off the request path, where the account is looked up: a confirmed account is sent the
 * room's link, any other address a sign-up link. A current member is sent nothing; someone the owner
 * removed may be invited back by the owner only (their e-mail was already on the members' list).
 */
export async function inviteToRoom(
  ctx: RoomsContext,
  actor: Actor,
  room: { id: string; name: string },
  access: RoomAccess,
  email: string,
  /** Where the mailed links start (lib/link-origin.ts): the inviter's, as the invitee may share their network. */
  linkOrigin: string,
): Promise<{ invited: string }> {
  const { userId } = requireSignedIn(actor);
  await countInvitation(ctx, userId, room.id);
  const [known] = await ctx.db
    .select({ memberId: roomMembers.userId, removedId: roomRemovals.userId })
    .from(users)
    .leftJoin(roomMembers, and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, users.id)))
    .leftJoin(roomRemovals, and(eq(roomRemovals.roomId, room.id), eq(roomRemovals.userId, users.id)))
    .where(eq(users.email, email));
  if (known?.removedId && userId !== access.ownerId) {
    throw new AppError('FORBIDDEN', 'Only the room owner can invite back someone who was removed.');
  }
  if (known?.memberId) return { invited: email };
  const token = newSecretToken();
  const invitation = {
    tokenHash: hashToken(token),
    invitedBy: userId,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    acceptedAt: null,
  };
  await ctx.db
    .insert(roomInvitations)
    .values({ id: newId(), roomId: room.id, email, ...invitation })
    .onConflictDoUpdate({ target: [roomInvitations.roomId, roomInvitations.email], set: invitation });
  const [inviter] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const input = {
    to: email,
    inviterEmail: inviter?.email ?? 'A ClipSync user',
    roomName: room.name,
    url: `${linkOrigin}/rooms/invite/${encodeURIComponent(token)}`,
  };
  ctx.mail.enqueue(
    async () => {
      const [account] = await ctx.db
        .select({ confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.email, email));
      return account?.confirmedAt
        ? roomInvitationMail(input)
        : roomSignUpInvitationMail(input, `${linkOrigin}/auth?mode=register`);
    },
    { cooldownKey: `room-invitation:${room.id}:${email}` },
  );
  return { invited: email };
}

/** The room's pending invitations that have not expired, oldest first: every member sees them. */
export async function listInvitations(ctx: RoomsContext, actor: Actor, roomId: string): Promise<RoomInvitation[]> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'viewInvitations', actor, access);
  const rows = await ctx.db
    .select({ invitation: roomInvitations, inviter: { id: users.id, name: users.name, email: users.email } })
    .from(roomInvitations)
    .innerJoin(users, eq(users.id, roomInvitations.invitedBy))
    .where(
      and(
        eq(roomInvitations.roomId, roomId),
        isNull(roomInvitations.acceptedAt),
        gt(roomInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(roomInvitations.createdAt), asc(roomInvitations.id));
  return rows.map(({ invitation, inviter }) => ({
    id: invitation.id,
    email: invitation.email,
    invitedBy: inviter,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  }));
}

/** The owner cancels a pending invitation: its link stops working at once. */
export async function cancelInvitation(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  invitationId: string,
): Promise<void> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'cancelInvitation', actor, access);
  const cancelled = await ctx.db
    .delete(roomInvitations)
    .where(
      and(eq(roomInvitations.id, invitationId), eq(roomInvitations.roomId, roomId), isNull(roomInvitations.acceptedAt)),
    )
    .returning({ id: roomInvitations.id });
  if (cancelled.length === 0) throw new AppError('NOT_FOUND', 'This invitation is no longer pending');
}

/** Joining is a change: the invitee's plan must include rooms, and a room whose owner's plan lapsed takes nobody. */
async function assertJoinable(ctx: RoomsContext, actor: Actor, userId: string, roomId: string): Promise<void> {
  await ctx.entitlements.require(userId, 'rooms');
  const [room] = await ctx.db.select({ ownerId: rooms.ownerId }).from(rooms).where(eq(rooms.id, roomId));
  if (room) await assertRoomWritable(ctx, actor, room);
}

/**
 * Makes the invitee a member (`member_added`, by whoever invited them), in the caller's transaction. Someone
 * the owner removed comes back only on the owner's invitation, which clears the removal. Returns whether they
 * became a member now (false: the invitation was already accepted).
 */
async function acceptIn(tx: Transaction, invitation: InvitationRow, userId: string, email: string): Promise<boolean> {
  const [room] = await tx.select({ ownerId: rooms.ownerId }).from(rooms).where(eq(rooms.id, invitation.roomId));
  if (!room) throw new AppError('NOT_FOUND', INVALID_INVITATION);
  const removed = await tx
    .select({ userId: roomRemovals.userId })
    .from(roomRemovals)
    .where(and(eq(roomRemovals.roomId, invitation.roomId), eq(roomRemovals.userId, userId)))
    .for('update');
  if (removed.length > 0) {
    if (invitation.invitedBy !== room.ownerId) throw new AppError('FORBIDDEN', REMOVED_MESSAGE);
    await tx
      .delete(roomRemovals)
      .where(and(eq(roomRemovals.roomId, invitation.roomId), eq(roomRemovals.userId, userId)));
  }
  // Only one of two acceptances at once (the link and a confirmation) marks it, so the entry is written once.
  const marked = await tx
    .update(roomInvitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(roomInvitations.id, invitation.id), isNull(roomInvitations.acceptedAt)))
    .returning({ id: roomInvitations.id });
  if (marked.length === 0) return false;
  const isNew = await insertMember(tx, invitation.roomId, userId);
  if (isNew) {
    await recordActivity(tx, {
      roomId: invitation.roomId,
      userId: invitation.invitedBy,
      type: 'member_added',
      details: { memberEmail: email, memberId: userId },
    });
  }
  return isNew;
}

/**
 * The invitee opens the mailed link signed in with the invited address: they join the room. A link that
 * was already accepted leads its member to the room again; an expired or cancelled one is refused.
 */
export async function acceptInvitation(ctx: RoomsContext, actor: Actor, token: string): Promise<JoinRoomResult> {
  const { userId } = requireSignedIn(actor);
  const [invitation] = await ctx.db
    .select()
    .from(roomInvitations)
    .where(eq(roomInvitations.tokenHash, hashToken(token)));
  if (!invitation) throw new AppError('NOT_FOUND', INVALID_INVITATION);
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (account?.email !== invitation.email) {
    throw new AppError(
      'FORBIDDEN',
      'This invitation was sent to another email address. Sign in with that address to accept it.',
    );
  }
  const roomId = invitation.roomId;
  if (invitation.acceptedAt) {
    const { access } = await findRoomAccess(ctx.db, actor, roomId);
    if (access.role === null) throw new AppError('NOT_FOUND', INVALID_INVITATION);
    return { roomId, id: roomId, joined: false };
  }
  if (invitation.expiresAt.getTime() <= Date.now()) {
    throw new AppError('INVALID_TOKEN', 'This invitation has expired. Ask a member of the room for a new one.');
  }
  await assertJoinable(ctx, actor, userId, roomId);
  const joined = await ctx.db.transaction((tx) => acceptIn(tx, invitation, userId, account.email));
  if (joined) ctx.events.emit('room.changed', { roomId, type: 'member_added', actorId: invitation.invitedBy });
  return { roomId, id: roomId, joined };
}

/** The invitations by e-mail to `email` that may still be accepted: not accepted yet, not expired. */
const isPendingFor = (email: string) =>
  and(eq(roomInvitations.email, email), isNull(roomInvitations.acceptedAt), gt(roomInvitations.expiresAt, new Date()));

/**
 * A new account proved its address: every pending invitation to that address is accepted. One refused
 * (the owner removed them; their plan does not allow rooms) does not stop the others.
 */
export async function acceptInvitationsOnConfirm(
  ctx: RoomsContext,
  { userId, email }: { userId: string; email: string },
): Promise<void> {
  const pending = await ctx.db.select().from(roomInvitations).where(isPendingFor(email));
  for (const invitation of pending) {
    try {
      await assertJoinable(ctx, null, userId, invitation.roomId);
      const joined = await ctx.db.transaction((tx) => acceptIn(tx, invitation, userId, email));
      if (joined) {
        ctx.events.emit('room.changed', {
          roomId: invitation.roomId,
          type: 'member_added',
          actorId: invitation.invitedBy,
        });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** Whether a room invitation waits for this address: such an address may sign up where sign-ups are by invitation. */
export async function hasPendingInvitation(ctx: Pick<RoomsContext, 'db'>, email: string): Promise<boolean> {
  const [pending] = await ctx.db
    .select({ id: roomInvitations.id })
    .from(roomInvitations)
    .where(isPendingFor(email))
    .limit(1);
  return pending !== undefined;
}

/** Expired invitations go (accepted ones too: their link has done its work), so the table stays small. */
export async function sweepExpiredInvitations(ctx: Pick<RoomsContext, 'db'>, now = new Date()): Promise<number> {
  const swept = await ctx.db
    .delete(roomInvitations)
    .where(lte(roomInvitations.expiresAt, now))
    .returning({ id: roomInvitations.id });
  return swept.length;
}
