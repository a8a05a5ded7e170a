import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RoomLinkPreview, RoomLinkPreviewRequest } from '@clipsync/shared';
import { roomInvitations, rooms } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secure-tokens';
import type { RoomsContext } from './rooms.context';
import { refuseIfTakenDown } from '../moderation/takedowns.service';

/**
 * The room a link leads into, for a signed-out visitor holding it. Only a link that would still work
 * answers; unknown, replaced, expired and spent ones all get the same 404, so the answer tells nothing
 * about which tokens once existed. A taken-down room answers 410 as every other read of it does.
 */
export async function findRoomOfLink(
  ctx: Pick<RoomsContext, 'db'>,
  { kind, token }: RoomLinkPreviewRequest,
): Promise<{ id: string; name: string }> {
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
  return room;
}

/** The name of the room a link leads into, for the sign-in page that link sends a signed-out visitor to. */
export async function previewRoomLink(
  ctx: Pick<RoomsContext, 'db'>,
  link: RoomLinkPreviewRequest,
): Promise<RoomLinkPreview> {
  const { name } = await findRoomOfLink(ctx, link);
  return { name };
}
