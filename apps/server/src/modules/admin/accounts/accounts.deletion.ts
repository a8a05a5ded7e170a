import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  clipFiles,
  desktopItems,
  desktops,
  roomContent,
  roomMembers,
  rooms,
  sessions,
  users,
} from '../../../db/schema';
import type { DomainEvents } from '../../../lib/domain-events';
import { AppError } from '../../../lib/app-error';
import type { FileStore } from '../../../storage/file-store';
import { assertNotSelf } from './accounts.service';
import { assertAnotherAdminRemains } from '../../accounts/roles.service';

export interface AccountDeletionContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
}

/** The stored files that go with the account: its clips', its desktop's, and every file of its rooms or by it in others'. */
async function storageKeysOf(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  const [inClips, inRooms, onDesktop] = await Promise.all([
    db.select({ key: clipFiles.storageKey }).from(clipFiles).where(eq(clipFiles.userId, userId)),
    db
      .select({ key: roomContent.storageKey })
      .from(roomContent)
      .innerJoin(rooms, eq(rooms.id, roomContent.roomId))
      .where(and(isNotNull(roomContent.storageKey), or(eq(roomContent.userId, userId), eq(rooms.ownerId, userId)))),
    db
      .select({ key: desktopItems.storageKey })
      .from(desktopItems)
      .innerJoin(desktops, eq(desktops.id, desktopItems.desktopId))
      .where(and(eq(desktops.ownerId, userId), isNotNull(desktopItems.storageKey))),
  ]);
  return [...inClips, ...inRooms, ...onDesktop].flatMap(({ key }) => (key ? [key] : []));
}

/**
 * Deletes an account and everything it owns: its rows go by the foreign keys' cascades (clips, files' rows,
 * rooms it owns with their content, its content in others' rooms, its desktop, devices, sessions, tokens,
 * billing row), its stored files after the commit, and its live sessions' sockets end. The last admin who can
 * sign in is never deleted (under the roles lock, so two deletions cannot race past the rule). For the
 * admin console now, and for an account's own deletion later.
 */
export async function deleteAccount(ctx: AccountDeletionContext, userId: string): Promise<void> {
  const gone = await ctx.db.transaction(async (tx) => {
    await assertAnotherAdminRemains(tx, userId);
    const storageKeys = await storageKeysOf(tx, userId);
    const liveSessions = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const ownedRooms = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.ownerId, userId));
    const members = ownedRooms.length
      ? await tx
          .select({ roomId: roomMembers.roomId, userId: roomMembers.userId })
          .from(roomMembers)
          .where(
            inArray(
              roomMembers.roomId,
              ownedRooms.map((room) => room.id),
            ),
          )
      : [];
    const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (!deleted) throw new AppError('NOT_FOUND', 'No account has this id');
    return { storageKeys, liveSessions, ownedRooms, members };
  });
  ctx.events.emit('account.deleted', { userId });
  for (const { id } of gone.liveSessions) ctx.events.emit('session.revoked', { sessionId: id });
  for (const { id: roomId } of gone.ownedRooms) {
    const memberIds = gone.members.filter((member) => member.roomId === roomId).map((member) => member.userId);
    ctx.events.emit('room.deleted', { roomId, actorId: userId, memberIds });
  }
  // After commit: a crash in between leaves an orphaned file, never a row pointing at nothing.
  await Promise.all(gone.storageKeys.map((key) => ctx.files.delete(key)));
}

/**
 * An admin's deletion of another account, confirmed by its address typed out (compared as addresses are
 * stored: trimmed and lower-cased), so that a slip of the mouse never deletes anyone.
 */
export async function deleteAccountByAdmin(
  ctx: AccountDeletionContext,
  adminId: string,
  userId: string,
  typedEmail: string,
): Promise<void> {
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) throw new AppError('NOT_FOUND', 'No account has this id');
  assertNotSelf(adminId, userId, 'delete');
  if (typedEmail.trim().toLowerCase() !== account.email) {
    throw new AppError('VALIDATION_FAILED', "The address typed is not this account's: nothing was deleted");
  }
  await deleteAccount(ctx, userId);
}
