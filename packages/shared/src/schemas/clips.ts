import { z } from 'zod';
import { CLIPS_PAGE_SIZE, ITEM_TEXT_MAX_BYTES } from '../limits';
import { utf8ByteLength } from '../text-size';

/** Clip and file ids: 22 base64url characters (128 random bits). */
export const ResourceId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid id');
/**
 * The version of a text an edit started from (answers carry the stored one). A stale edit is refused with
 * 409 EDIT_CONFLICT; an edit without it (clients before versions) overwrites, as before.
 */
export const EditVersion = z.number().int().min(1).max(2_147_483_647);

export const ClipIdParams = z.object({ id: ResourceId });
export const ClipFileParams = z.object({ id: ResourceId, fileId: ResourceId });

export const ClipFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  url: z.string(),
});
export type ClipFile = z.infer<typeof ClipFile>;

/** What the caller may do with a clip, from the server's policy: the UI hides what it cannot do. */
export const ClipAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  favorite: z.boolean(),
  upload: z.boolean(),
});
export type ClipAbilities = z.infer<typeof ClipAbilities>;

/** A clip: camelCase and the snake_case twins (clients may read either); plus the caller's abilities. */
export const Clip = z.object({
  id: z.string(),
  content: z.string(),
  version: z.number().int(),
  userId: z.string(),
  isFavorite: z.boolean(),
  is_favorite: z.boolean(),
  files: z.array(ClipFile),
  createdAt: z.string(),
  created_at: z.string(),
  updatedAt: z.string(),
  updated_at: z.string(),
  filePath: z.string().nullable(),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  abilities: ClipAbilities,
  /** Its owner's display name, on the answer for the one clip (its page) only: "Shared by …". */
  ownerName: z.string().optional(),
});
export type Clip = z.infer<typeof Clip>;

/** Text is bounded so one clip cannot exhaust memory; 1 MiB of text is far beyond any clipboard. */
export const CLIP_CONTENT_MAX = 1_000_000;
export const ClipContent = z.string().max(CLIP_CONTENT_MAX, 'Clip content is too long');

const ITEM_TEXT_TOO_LONG = `Text may be at most ${ITEM_TEXT_MAX_BYTES / 1024}KB`;
/**
 * A desktop block's or a room item's text, at most ITEM_TEXT_MAX_BYTES in UTF-8. Every UTF-16 unit is at
 * least one byte, so a text with more units is refused before its bytes are counted.
 */
export const ItemText = z
  .string()
  .max(ITEM_TEXT_MAX_BYTES, { message: ITEM_TEXT_TOO_LONG, abort: true })
  .refine((text) => utf8ByteLength(text) <= ITEM_TEXT_MAX_BYTES, ITEM_TEXT_TOO_LONG);

export const UpdateClipRequest = z.object({ content: ClipContent, version: EditVersion.optional() });
export type UpdateClipRequest = z.infer<typeof UpdateClipRequest>;

/** The alternate save path: `POST /api/clipboard { content, type }`. */
export const SaveClipboardItemRequest = z.object({ content: ClipContent, type: z.string().max(100).default('text') });

export const ClipTypeFilter = z.enum(['all', 'text', 'file']);
export type ClipTypeFilter = z.infer<typeof ClipTypeFilter>;
export const ClipDateRange = z.enum(['all', 'today', 'week', 'month']);
export type ClipDateRange = z.infer<typeof ClipDateRange>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ClipHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CLIPS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(200).optional(),
  type: ClipTypeFilter.default('all'),
  favorite: booleanQuery.optional(),
  range: ClipDateRange.default('all'),
});
export type ClipHistoryQuery = z.infer<typeof ClipHistoryQuery>;

export const ClipList = z.array(Clip);

export const PagedClips = z.object({ clips: z.array(Clip), total: z.number().int() });

export const ClipStats = z.object({
  totalClips: z.number().int(),
  textClips: z.number().int(),
  favoriteClips: z.number().int(),
  activeRooms: z.number().int(),
});
export type ClipStats = z.infer<typeof ClipStats>;

export const FavoriteResult = z.object({ isFavorite: z.boolean() });
export type FavoriteResult = z.infer<typeof FavoriteResult>;

export const UploadResult = z.object({ url: z.string(), file: ClipFile });
export type UploadResult = z.infer<typeof UploadResult>;
export const ClipFileList = z.object({ files: z.array(ClipFile) });
