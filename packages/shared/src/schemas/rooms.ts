import { z } from 'zod';
import { text } from './text';
import { ROOM_ACTIVITY_PAGE_SIZE, ROOM_CONTENT_PAGE_SIZE, ROOM_NAME_MAX, ROOMS_PAGE_SIZE } from '../limits';
import { PLAN_IDS } from '../plans';
import { Email } from './auth';
import { EditVersion, ItemText, ResourceId } from './clips';
import { Takedown } from './moderation';

/**
 * Rooms (docs/features.md#rooms). Request bodies are strict: a body naming anything else
 * (`owner`, `role`, `ownerId`…) is refused with 400, so nobody sets an owner or a role through a request.
 */

export const RoomIdParams = z.object({ id: ResourceId });
export const RoomMemberParams = z.object({ id: ResourceId, memberId: ResourceId });
export const RoomContentParams = z.object({ id: ResourceId, contentId: ResourceId });
export const RoomFileParams = z.object({ id: ResourceId, fileId: ResourceId, name: text() });
/** A room file's address carries a link signed for the member it was given to (`file_url`). */
export const RoomFileQuery = z.object({ access: text().max(256).optional() });

/** A room name is non-blank after trimming. */
export const RoomName = text()
  .trim()
  .min(1, 'Room name is required')
  .max(ROOM_NAME_MAX, `Room name must be at most ${ROOM_NAME_MAX} characters`);

/** Rooms are created public unless asked otherwise. */
export const CreateRoomRequest = z.strictObject({ name: RoomName, isPrivate: z.boolean().default(false) });
export type CreateRoomRequest = z.infer<typeof CreateRoomRequest>;

/** The owner's settings: rename and/or change privacy; at least one of them. */
export const UpdateRoomRequest = z
  .strictObject({ name: RoomName.optional(), isPrivate: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.isPrivate !== undefined, 'Nothing to update');
export type UpdateRoomRequest = z.infer<typeof UpdateRoomRequest>;

/** Add-member takes an e-mail (non-blank); whoever it belongs to, it is mailed an invitation. */
export const AddRoomMemberRequest = z.strictObject({ email: Email });
export type AddRoomMemberRequest = z.infer<typeof AddRoomMemberRequest>;
/** The answer to add-member, the same whether or not the address has an account. */
export const RoomInvitationSent = z.object({ invited: z.string() });
export type RoomInvitationSent = z.infer<typeof RoomInvitationSent>;
export const RoomInvitationParams = z.object({ id: ResourceId, invitationId: ResourceId });
/** An invitation link's token (43 base64url characters); anything else is simply unknown. */
export const AcceptRoomInvitationRequest = z.strictObject({ token: text().trim().min(1).max(128) });
export type AcceptRoomInvitationRequest = z.infer<typeof AcceptRoomInvitationRequest>;

/** Room text is non-blank. */
export const RoomText = ItemText.refine((text) => text.trim().length > 0, 'Content is required');
export const AddRoomContentRequest = z.strictObject({ content: RoomText, type: z.literal('text').default('text') });
export type AddRoomContentRequest = z.infer<typeof AddRoomContentRequest>;

export const UpdateRoomContentRequest = z.strictObject({ content: RoomText, version: EditVersion.optional() });
export type UpdateRoomContentRequest = z.infer<typeof UpdateRoomContentRequest>;

/** Share tokens are 43 base64url characters; anything else is simply unknown (404), never a 500. */
export const JoinRoomRequest = z.strictObject({ shareToken: text().trim().min(1).max(128) });
export type JoinRoomRequest = z.infer<typeof JoinRoomRequest>;

/**
 * What a signed-out visitor holding a room's link may learn before signing in: the room's name, for an
 * invite link (`join`) or a mailed invitation (`invite`) that still works. The token travels in the body,
 * out of the URLs that logs keep.
 */
export const RoomLinkPreviewRequest = z.strictObject({
  kind: z.enum(['join', 'invite']),
  token: text().trim().min(1).max(128),
});
export type RoomLinkPreviewRequest = z.infer<typeof RoomLinkPreviewRequest>;
export const RoomLinkPreview = z.object({ name: z.string() });
export type RoomLinkPreview = z.infer<typeof RoomLinkPreview>;

const limit = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);
const offset = z.coerce.number().int().min(0).max(1_000_000).default(0);
const search = text().trim().max(200).optional();
export const SortOrder = z.enum(['asc', 'desc']);

export const RoomPrivacyFilter = z.enum(['all', 'public', 'private']);
/** Member-count buckets (ROOM_SIZE_BUCKETS): small ≤ 3, medium 4-10, large > 10 members. */
export const RoomSizeFilter = z.enum(['all', 'small', 'medium', 'large']);
export const RoomSort = z.enum(['name', 'updated_at', 'member_count']);

/** `GET /rooms`: sorted by last activity, newest first, unless asked otherwise. */
export const RoomListQuery = z.object({
  search,
  privacy: RoomPrivacyFilter.default('all'),
  size: RoomSizeFilter.default('all'),
  sort: RoomSort.default('updated_at'),
  order: SortOrder.default('desc'),
  limit: limit(ROOMS_PAGE_SIZE),
  offset,
});
export type RoomListQuery = z.infer<typeof RoomListQuery>;

export const RoomContentType = z.enum(['text', 'file']);
export type RoomContentType = z.infer<typeof RoomContentType>;
export const RoomContentRange = z.enum(['all', 'today', 'week', 'month']);
export type RoomContentRange = z.infer<typeof RoomContentRange>;
export const RoomContentSort = z.enum(['date', 'type', 'user']);

/**
 * A room's content page (`GET /rooms/{id}` and `GET /rooms/{id}/content`): newest first by default.
 * `user` is the author's user id (`user.id` of an item, `authors[].id` of the room). `range` counts back
 * 0, 7 or 30 days from the start of the caller's today: `tzOffset` is the browser's
 * `Date#getTimezoneOffset()` in minutes (UTC when absent).
 */
export const RoomContentQuery = z.object({
  search,
  type: z.enum(['all', 'text', 'file']).default('all'),
  user: ResourceId.optional(),
  range: RoomContentRange.default('all'),
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  sort: RoomContentSort.default('date'),
  order: SortOrder.default('desc'),
  limit: limit(ROOM_CONTENT_PAGE_SIZE),
  offset,
});
export type RoomContentQuery = z.infer<typeof RoomContentQuery>;

export const RoomActivityQuery = z.object({ limit: limit(ROOM_ACTIVITY_PAGE_SIZE), offset });
export type RoomActivityQuery = z.infer<typeof RoomActivityQuery>;

export const RoomRole = z.enum(['owner', 'member']);
export type RoomRole = z.infer<typeof RoomRole>;

/** No avatar uploads exist: `avatar` is null and the web shows the e-mail's initial. */
/** A member or author is shown by `name`, with the e-mail beside it to tell two of one name apart. */
export const RoomMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoomRole,
  avatar: z.string().nullable(),
});
export type RoomMember = z.infer<typeof RoomMember>;
export const RoomAvatar = z.object({ id: z.string(), email: z.string(), avatar: z.string().nullable() });
export type RoomAvatar = z.infer<typeof RoomAvatar>;
export const RoomUser = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type RoomUser = z.infer<typeof RoomUser>;

/** What the caller may do in a room, from the server's policy: the UI hides what it cannot do. */
export const RoomAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  rotateInvite: z.boolean(),
  addMember: z.boolean(),
  removeMember: z.boolean(),
  addContent: z.boolean(),
  deleteContent: z.boolean(),
  viewActivity: z.boolean(),
  leave: z.boolean(),
});
export type RoomAbilities = z.infer<typeof RoomAbilities>;

/**
 * Why a room takes no changes, or null when it does. A room lives on its owner's plan: once the owner's
 * plan no longer includes rooms, its content stays readable and downloadable for every member, and every
 * change is refused (402 `PLAN_REQUIRED`) until the owner has `requiredPlan` again.
 */
export const RoomReadOnly = z.object({ reason: z.literal('ownerPlanLapsed'), requiredPlan: z.enum(PLAN_IDS) });
export type RoomReadOnly = z.infer<typeof RoomReadOnly>;

export const RoomContentAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

/** A room content item. A file item's `content` is empty; a text item's file fields are null. */
export const RoomContentItem = z.object({
  id: z.string(),
  type: RoomContentType,
  content: z.string(),
  version: z.number().int(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  file_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user: RoomUser,
  abilities: RoomContentAbilities,
});
export type RoomContentItem = z.infer<typeof RoomContentItem>;

/** A card of `GET /rooms`; `updated_at` is the room's last activity. */
export const RoomSummary = z.object({
  id: z.string(),
  name: z.string(),
  is_private: z.boolean(),
  isPrivate: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  memberCount: z.number().int(),
  role: RoomRole,
  avatars: z.array(RoomAvatar),
  abilities: RoomAbilities,
  readOnly: RoomReadOnly.nullable(),
});
export type RoomSummary = z.infer<typeof RoomSummary>;
export const RoomSummaryList = z.array(RoomSummary);

/**
 * `GET /rooms/{id}`: the room, its members (owner first, then by joining), content page 1 as filtered
 * (`contentTotal` is also in `X-Total-Count`) and every author of its content (the User filter's list).
 */
export const RoomDetail = RoomSummary.omit({ avatars: true }).extend({
  /** The invite link's token, for the owner only (null for everyone else). */
  shareToken: z.string().nullable(),
  /** The operator's takedown while it lasts, for the owner only (everyone else is answered 410). */
  takedown: Takedown.optional(),
  members: z.array(RoomMember),
  content: z.array(RoomContentItem),
  contentTotal: z.number().int(),
  authors: z.array(RoomUser),
});
export type RoomDetail = z.infer<typeof RoomDetail>;

export const RoomContentList = z.array(RoomContentItem);

/** Activity types; `details` is a JSON string whose keys depend on the type. */
export const RoomActivityType = z.enum([
  'member_join',
  'member_joined_by_token',
  'member_removed',
  'member_left',
  'member_added',
  'content_add',
  'content_edited',
  'content_deleted',
  'file_uploaded',
  'room_updated',
  'room_deleted',
]);
export type RoomActivityType = z.infer<typeof RoomActivityType>;

export const RoomActivityEntry = z.object({
  id: z.string(),
  type: RoomActivityType,
  details: z.string(),
  user: RoomUser,
  timestamp: z.string(),
});
export type RoomActivityEntry = z.infer<typeof RoomActivityEntry>;
export const RoomActivityList = z.array(RoomActivityEntry);

/** A pending invitation, as the room's members see it. */
export const RoomInvitation = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: RoomUser,
  created_at: z.string(),
  expires_at: z.string(),
});
export type RoomInvitation = z.infer<typeof RoomInvitation>;
export const RoomInvitationList = z.array(RoomInvitation);

export const JoinRoomResult = z.object({ roomId: z.string(), id: z.string(), joined: z.boolean() });
export type JoinRoomResult = z.infer<typeof JoinRoomResult>;
export const ShareTokenResult = z.object({ shareToken: z.string() });
export type ShareTokenResult = z.infer<typeof ShareTokenResult>;
export const RoomUploadResult = z.object({ url: z.string(), item: RoomContentItem });
export type RoomUploadResult = z.infer<typeof RoomUploadResult>;
