import { z } from 'zod';
import { Takedown } from './moderation';
import { text } from './text';
import { CLIP_SHARE_MAX_VIEWS, CLIP_SHARE_PASSWORD_MAX, CLIPS_PAGE_SIZE, ITEM_TEXT_MAX_BYTES } from '../limits';
import { RESOURCE_ID_PATTERN } from '../resource-id';
import { utf8ByteLength } from '../text-size';

/** Clip and file ids (resource-id.ts). */
export const ResourceId = z.string().regex(RESOURCE_ID_PATTERN, 'Invalid id');
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

/**
 * Why a clip's link ended: it expired, or its last view was spent. The clip keeps its content unless the
 * link's `deleteAfter` was on, in which case the link took the content with it.
 */
export const ClipShareState = z.enum(['expired', 'viewed']);
export type ClipShareState = z.infer<typeof ClipShareState>;

/**
 * A clip's link as its owner sees it: the id others open it by (`/clips/{linkId}`, null while stopped), and
 * its limits. `viewsLeft` is null when views are unlimited. `deleteAfter`: "Delete the clip when the link
 * ends" (expires or its last view is spent); off, the clip stays when its link ends.
 * `endedAt`: when a link that no longer answers stopped answering (its expiry, or its last view), null while
 * it works or once stopped. `expirySetAt`: when its expiry was set, so its length can be offered again.
 * A link that ended keeps its settings here until the owner shares the clip again.
 */
export const ClipShareSettings = z.object({
  linkId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxViews: z.number().int().nullable(),
  viewsLeft: z.number().int().nullable(),
  hasPassword: z.boolean(),
  state: ClipShareState.nullable(),
  deleteAfter: z.boolean(),
  endedAt: z.string().nullable(),
  expirySetAt: z.string().nullable(),
});
export type ClipShareSettings = z.infer<typeof ClipShareSettings>;

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
  /**
   * End-to-end encrypted (docs/encryption.md): `content` is the envelope of the text and every file holds its
   * name, type and content sealed, so the server stores them as ENCRYPTED_FILE_NAME and ENCRYPTED_FILE_TYPE.
   * Set when the clip is made and never changed.
   */
  encrypted: z.boolean(),
  /**
   * The owner's answers only, for a clip their end-to-end encrypted clipboard sealed: the clip's key wrapped by
   * the account's sealing key (docs/encryption.md#account-keys), which an unlocked device opens.
   */
  wrappedKey: z.string().optional(),
  /** Its owner's display name, on the answer for the one clip (its page) only: "Shared by …". */
  ownerName: z.string().optional(),
  /**
   * The owner's answers only, and only once the link is no longer the default one (its own id, no limit):
   * its settings, and `state` once the expiry job ended the link (and emptied the clip if `deleteAfter`).
   */
  share: ClipShareSettings.optional(),
  /** The owner's answer only, while an operator has the clip taken down: why (its link answers 410). */
  takedown: Takedown.optional(),
});
export type Clip = z.infer<typeof Clip>;

/**
 * What someone else than the owner gets for a clip with a view limit or a password, from every read that
 * does not spend a view (a link preview, a reload): no content, only what the "Show clip" card says.
 * `id` is the link's id, as asked.
 */
export const ProtectedClipCard = z.object({
  id: z.string(),
  protected: z.literal(true),
  viewsLeft: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type ProtectedClipCard = z.infer<typeof ProtectedClipCard>;

/** `GET /clipboard/{id}`: the clip, or its card when reading it would need a view or a password (`protected`). */
export const ClipOrCard = z.union([ProtectedClipCard, Clip]);
export type ClipOrCard = z.infer<typeof ClipOrCard>;

export const SharePassword = text().min(1).max(CLIP_SHARE_PASSWORD_MAX);

/**
 * `PUT /clipboard/{id}/share`: a field left out keeps its setting, null clears it. A clip with no link (after
 * DELETE) or whose link ended gets a new one, under a new id: with no expiry, no view limit and the clip kept
 * unless the request says otherwise, and with the ended link's password unless it sets or clears one.
 */
export const UpdateClipShareRequest = z.object({
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  maxViews: z.number().int().min(1).max(CLIP_SHARE_MAX_VIEWS).nullable().optional(),
  password: SharePassword.nullable().optional(),
  deleteAfter: z.boolean().optional(),
});
export type UpdateClipShareRequest = z.infer<typeof UpdateClipShareRequest>;

export const OpenClipRequest = z.object({ password: SharePassword.optional() });
export type OpenClipRequest = z.infer<typeof OpenClipRequest>;

/**
 * Lets its holder follow one opened clip live (`clip:join`'s `grant`) and fetch its files (their `url`s carry
 * it as `?access=`), until `expiresAt`, or until the owner stops or renews the link.
 */
export const ClipViewGrant = z.object({ token: z.string(), expiresAt: z.string() });
export type ClipViewGrant = z.infer<typeof ClipViewGrant>;

/** `POST /clipboard/{id}/open`: the content (one view spent when the link counts them) and the grant. */
export const OpenedClip = z.object({ clip: Clip, grant: ClipViewGrant });
export type OpenedClip = z.infer<typeof OpenedClip>;

export const ClipDeviceKind = z.enum(['phone', 'tablet', 'desktop', 'bot']);
export type ClipDeviceKind = z.infer<typeof ClipDeviceKind>;
export const ClipBrowserKind = z.enum(['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'other']);
export type ClipBrowserKind = z.infer<typeof ClipBrowserKind>;

/** One open in the owner's view log: never an address, and a signed-in viewer by name only. */
export const ClipView = z.object({
  viewedAt: z.string(),
  device: ClipDeviceKind,
  browser: ClipBrowserKind,
  viewerName: z.string().nullable(),
  spentView: z.boolean(),
});
export type ClipView = z.infer<typeof ClipView>;
export const ClipViewList = z.object({ views: z.array(ClipView) });
export type ClipViewList = z.infer<typeof ClipViewList>;

/** A file download's `?access=`: the view grant, for the files of a clip that needs one. */
export const ClipFileQuery = z.object({ access: text().max(512).optional() });

/** Text is bounded so one clip cannot exhaust memory; 1 MiB of text is far beyond any clipboard. */
export const CLIP_CONTENT_MAX = 1_000_000;
export const ClipContent = text().max(CLIP_CONTENT_MAX, 'Clip content is too long');

const ITEM_TEXT_TOO_LONG = `Text may be at most ${ITEM_TEXT_MAX_BYTES / 1024}KB`;
/**
 * A desktop block's or a room item's text, at most ITEM_TEXT_MAX_BYTES in UTF-8. Every UTF-16 unit is at
 * least one byte, so a text with more units is refused before its bytes are counted.
 */
export const ItemText = text()
  .max(ITEM_TEXT_MAX_BYTES, { message: ITEM_TEXT_TOO_LONG, abort: true })
  .refine((text) => utf8ByteLength(text) <= ITEM_TEXT_MAX_BYTES, ITEM_TEXT_TOO_LONG);

export const UpdateClipRequest = z.object({ content: ClipContent, version: EditVersion.optional() });
export type UpdateClipRequest = z.infer<typeof UpdateClipRequest>;

/** What the server stores for a file of an end-to-end encrypted clip: the real ones are inside its bytes. */
export const ENCRYPTED_FILE_NAME = 'encrypted';
export const ENCRYPTED_FILE_TYPE = 'application/octet-stream';

/** The text of an end-to-end encrypted clip: an envelope of docs/encryption.md, base64url without padding. */
export const EncryptedClipContent = text()
  .max(CLIP_CONTENT_MAX, 'Clip content is too long')
  .regex(/^[A-Za-z0-9_-]*$/, 'Encrypted content must be base64url');

/**
 * A clip key wrapped by an account's sealing key (docs/encryption.md#account-keys): version, nonce, the 32-byte
 * key and its tag, 61 bytes in base64url.
 */
export const WrappedClipKey = text().regex(/^[A-Za-z0-9_-]{82}$/, 'A wrapped clip key is 82 base64url characters');

/**
 * The alternate save path: `POST /api/clipboard { content, type, encrypted?, wrappedKey? }` (other clients than
 * the web app may save an empty clip with `{}`). With `encrypted: true` the content must be an envelope
 * (base64url); the clip stays encrypted for good. `wrappedKey` (with `encrypted` only) is how an account whose
 * clipboard is encrypted end to end makes every clip: the server refuses any other from it.
 */
export const SaveClipboardItemRequest = z
  .object({
    content: ClipContent.default(''),
    type: text().max(100).default('text'),
    encrypted: z.boolean().default(false),
    wrappedKey: WrappedClipKey.optional(),
  })
  .refine((body) => !body.encrypted || EncryptedClipContent.safeParse(body.content).success, {
    message: 'Encrypted content must be base64url',
    path: ['content'],
  })
  .refine((body) => body.wrappedKey === undefined || body.encrypted, {
    message: 'A sealed clip is an encrypted one: send encrypted: true',
    path: ['encrypted'],
  });

/**
 * `POST /clipboard/{id}/seal`'s text fields (multipart, before the file parts; docs/api.md#sealing-a-clip): the
 * clip's key wrapped by the account's sealing key, the envelope of its current text (`''` for no text), and the
 * version the device read. Then one file part per stored file, named by the file's id, holding its sealed bytes.
 */
export const SealClipFields = z.object({
  wrappedKey: WrappedClipKey,
  content: EncryptedClipContent,
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type SealClipFields = z.infer<typeof SealClipFields>;

/**
 * `POST /clipboard/{id}/unseal`'s text fields: the clip's text in clear and the version the device read; then one
 * file part per stored file, named by the file's id, its filename and type the file's own.
 */
export const UnsealClipFields = z.object({
  content: ClipContent,
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type UnsealClipFields = z.infer<typeof UnsealClipFields>;

export const ClipTypeFilter = z.enum(['all', 'text', 'file']);
export type ClipTypeFilter = z.infer<typeof ClipTypeFilter>;
export const ClipDateRange = z.enum(['all', 'today', 'week', 'month']);
export type ClipDateRange = z.infer<typeof ClipDateRange>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ClipHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CLIPS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: text().trim().max(200).optional(),
  type: ClipTypeFilter.default('all'),
  favorite: booleanQuery.optional(),
  range: ClipDateRange.default('all'),
  /**
   * `true`: only the clips the owner's end-to-end encrypted clipboard sealed (a `wrappedKey`); `false`: only
   * plain ones (not `encrypted`), which a device turning the encryption on seals one by one. Either way the
   * list shrinks as the device works through it, so it resumes by listing again.
   */
  sealed: booleanQuery.optional(),
});
export type ClipHistoryQuery = z.infer<typeof ClipHistoryQuery>;

/**
 * `refresh=true`: the page already shows this clip and reads it again (after joining its live updates, or
 * when its files changed), which is the same visit, not another entry in the owner's view log (believed only
 * when that visit is logged already: the flag never keeps a read out of the log).
 */
export const ClipReadQuery = z.object({ refresh: booleanQuery.optional() });
export type ClipReadQuery = z.infer<typeof ClipReadQuery>;

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
/** `GET /clipboard/{id}/files`: the files, or the card (as `GET /clipboard/{id}`) when they need a view. */
export const ClipFileListOrCard = z.union([ProtectedClipCard, ClipFileList]);
export type ClipFileListOrCard = z.infer<typeof ClipFileListOrCard>;
