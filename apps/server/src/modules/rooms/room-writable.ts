import { planAllowing, type RoomAbilities, type RoomContentItem, type RoomReadOnly } from '@clipsync/shared';
import type { Actor } from '../../lib/actor';
import { planName } from '../../lib/entitlements';
import type { RoomsContext } from './rooms.context';
import type { RoomAccess } from './rooms.policy';

/**
 * A room lives on its owner's plan, asked on every change rather than once on the way in: a room made
 * during a trial would otherwise take content and members for ever. When the owner's plan lapses the room
 * turns read-only for everyone in it: reading and downloading go on and nothing is deleted, while every
 * change (content, uploads, members, settings, the invite link, joining) is refused until the owner is
 * entitled again. Leaving, removing a member and deleting the room stay open: they take access away, and
 * nobody should need a plan to get out of a room or to take their data down. A socket joining the room's
 * channel is reading, as opening the room is: a member's socket still joins, and hears the room close.
 */

/** What a read-only room refuses: the abilities the web hides while the owner's plan has lapsed. */
const ROOM_WRITES = ['update', 'rotateInvite', 'addMember', 'addContent', 'deleteContent'] as const;

const ROOMS_PLAN = planAllowing('rooms');

/** Why the room takes no changes now, or null while its owner's plan includes rooms. */
export async function roomReadOnly(
  ctx: Pick<RoomsContext, 'entitlements'>,
  ownerId: string,
): Promise<RoomReadOnly | null> {
  if (await ctx.entitlements.allows(ownerId, 'rooms')) return null;
  return { reason: 'ownerPlanLapsed', requiredPlan: ROOMS_PLAN };
}

/** Whether each owner's rooms take changes: one answer per distinct owner, for a page of room cards. */
export async function readOnlyByOwner(
  ctx: Pick<RoomsContext, 'entitlements'>,
  ownerIds: readonly string[],
): Promise<Map<string, RoomReadOnly | null>> {
  const owners = [...new Set(ownerIds)];
  const answers = await Promise.all(owners.map((ownerId) => roomReadOnly(ctx, ownerId)));
  return new Map(owners.map((ownerId, index) => [ownerId, answers[index] ?? null]));
}

/** The room's access with whether it takes changes, for presenting its abilities. */
export async function withWritability(
  ctx: Pick<RoomsContext, 'entitlements'>,
  access: RoomAccess,
): Promise<RoomAccess> {
  return { ...access, readOnly: await roomReadOnly(ctx, access.ownerId) };
}

/**
 * Every change to a room calls this once its caller is known to be allowed it: 402 `PLAN_REQUIRED` when
 * the owner's plan no longer includes rooms, worded for the owner (who can upgrade) or for anyone else
 * (who can only ask the owner to).
 */
export async function assertRoomWritable(
  ctx: Pick<RoomsContext, 'entitlements'>,
  actor: Actor,
  room: Pick<RoomAccess, 'ownerId'>,
): Promise<void> {
  const plan = planName(ROOMS_PLAN);
  const refusal =
    actor?.userId === room.ownerId
      ? `Your plan has lapsed, so your rooms are read-only. Upgrade to the ${plan} plan to change them again.`
      : `This room is read-only: the room owner's plan has lapsed. Ask them to renew the ${plan} plan.`;
  await ctx.entitlements.require(room.ownerId, 'rooms', refusal);
}

/** The caller's room abilities, without the changes a read-only room refuses. */
export function writableAbilities(abilities: RoomAbilities, access: RoomAccess): RoomAbilities {
  if (!access.readOnly) return abilities;
  const withoutWrites = { ...abilities };
  for (const write of ROOM_WRITES) withoutWrites[write] = false;
  return withoutWrites;
}

/** An item's abilities: none in a read-only room (editing and deleting are changes). */
export function writableContentAbilities(
  abilities: RoomContentItem['abilities'],
  access: RoomAccess,
): RoomContentItem['abilities'] {
  return access.readOnly ? { edit: false, delete: false } : abilities;
}
