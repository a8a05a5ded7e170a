import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RoomLinkPreview, RoomLinkPreviewRequest } from '@clipsync/shared';
import { roomInvitations, rooms } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secure-tokens';
import type { RoomsContext } from './rooms.context';
import { refuseIfTakenDown } from '../admin/moderation.takedowns.service';

/**
 * The name of the room a link leads into, for the sign-in page that link sends a signed-out visitor to.
 * Only a link that would still work answers; unknown, replaced, expired and spent ones all get the same
 * 404, so the answer tells nothing about which tokens once existed.
 */
export async function previewRoomLink(
  ctx: Pick<RoomsContext, 'db'>,
  { kind, token }: RoomLinkPreviewRequest,
): Promise<RoomLinkPreview> {
  const [room] =
    kind === 'join'
      ? await ctx.db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.shareToken, token))
      : await ctx.db
          .select({ id: rooms.id, name: rooms.name })
          .from(roomInvitations)
          .innerJoin(rooms, eq(rooms.id, roomInvitations.roomId))
          .where(
            and(
              eq(roomInvitations.tokenHash, hashToken(token)),
              isNull(roomInvitations.acceptedAt),
              gt(roomInvitations.expiresAt, new Date()),
            ),
          );
  if (!room) throw new AppError('NOT_FOUND', 'This link is invalid or has expired.');
  await refuseIfTakenDown(ctx.db, 'room', room.id);
  return { name: room.name };
}
