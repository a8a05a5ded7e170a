import { z } from 'zod';
import { text } from '../../schemas/text';
import {
  Clip,
  ClipFileListOrCard,
  ClipFileParams,
  ClipFileQuery,
  ClipOrCard,
  ClipShareSettings,
  ClipViewList,
  OpenClipRequest,
  OpenedClip,
  UpdateClipShareRequest,
  ClipHistoryQuery,
  ClipIdParams,
  ClipReadQuery,
  ClipList,
  ClipStats,
  FavoriteResult,
  PagedClips,
  ResourceId,
  SaveClipboardItemRequest,
  UpdateClipRequest,
  UploadResult,
} from '../../schemas/clips';
import { defineEndpoints } from '../endpoint';

/** Clips and their files. Reading a clip and its file list needs only its link; the rest is the owner's. */
export const CLIP_ENDPOINTS = defineEndpoints({
  /**
   * By the clip's id (its owner) or its link's id (anyone else). Never spends a view: a clip with a view
   * limit or a password answers others its card (`protected: true`), never its content. Someone else's read
   * is one entry in the owner's view log, unless it is a refresh of a page already showing the clip.
   */
  get: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id',
    params: ClipIdParams,
    query: ClipReadQuery,
    response: ClipOrCard,
  },
  files: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id/files',
    params: ClipIdParams,
    response: ClipFileListOrCard,
  },
  /**
   * The click on "Show clip": spends one view of a limited link (atomically; none left is 404), checks the
   * password (403 WRONG_PASSWORD, nothing spent; 429 past the limit), answers the content and a view grant.
   */
  open: {
    method: 'POST',
    scope: 'clips:read',
    path: '/clipboard/:id/open',
    params: ClipIdParams,
    body: OpenClipRequest,
    response: OpenedClip,
  },
  /** The owner sets the link's expiry, view limit and password; a clip without a link gets one, under a new id. */
  updateShare: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id/share',
    params: ClipIdParams,
    body: UpdateClipShareRequest,
    response: ClipShareSettings,
  },
  /** The owner stops the link at once; the next `updateShare` makes a new one, under a new id. */
  removeShare: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id/share',
    params: ClipIdParams,
    status: 204,
    response: null,
  },
  /** The owner's view log of the clip, newest first. */
  views: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id/views',
    params: ClipIdParams,
    response: ClipViewList,
  },
  /**
   * The page's clips; the total of all matches comes in `X-Total-Count`, with `X-Total-Count-Capped: true` when a
   * counted total stopped HISTORY_TOTAL_AHEAD clips past the page's start.
   */
  history: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/history',
    query: ClipHistoryQuery,
    response: ClipList,
  },
  favorites: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/favorites',
    query: ClipHistoryQuery.omit({ favorite: true }),
    response: PagedClips,
  },
  stats: { method: 'GET', scope: 'clips:read', path: '/clipboard/stats', response: ClipStats },
  create: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard',
    body: SaveClipboardItemRequest,
    status: 201,
    response: Clip,
  },
  /**
   * A save of the clip's text (the live editor's, or the socket's `clip-content-update`): 409 `EDIT_CONFLICT` when
   * it changed since `version`; 409 `CLIPBOARD_SEALED` for a plain clip of an account whose clipboard is encrypted
   * end to end (it takes nothing new until a device seals it).
   */
  update: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id',
    params: ClipIdParams,
    body: UpdateClipRequest,
    response: Clip,
  },
  remove: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id',
    params: ClipIdParams,
    status: 204,
    response: null,
  },
  toggleFavorite: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard/:id/favorite',
    params: ClipIdParams,
    response: FavoriteResult,
  },
  /**
   * One file, as the whole body (`PUT`, name and type in headers) or as a multipart form's `file` (the
   * same path by `POST`); 409 once the clip holds its most files, and 409 `CLIPBOARD_SEALED` for a plain clip of
   * an account whose clipboard is encrypted end to end (its file would be in clear).
   */
  uploadFile: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id/files',
    params: ClipIdParams,
    status: 201,
    response: UploadResult,
  },
  /**
   * A device of an end-to-end encrypted clipboard seals one plain clip: multipart, SealClipFields then one
   * part per stored file (its field name the file's id, its bytes sealed with the same clip key). Atomic: the
   * clip is sealed whole or not at all. 409 `CONFLICT` for a clip already encrypted or an account whose clipboard
   * is not; 409 `EDIT_CONFLICT` when the clip changed since `version`.
   */
  seal: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard/:id/seal',
    params: ClipIdParams,
    response: Clip,
  },
  /**
   * The reverse, before the encryption is turned off: UnsealClipFields then one part per stored file, in clear,
   * its filename and content type the file's. Only for a sealed clip (a `wrappedKey`; else 409 `CONFLICT`).
   */
  unseal: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard/:id/unseal',
    params: ClipIdParams,
    response: Clip,
  },
  removeFile: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id/files/:fileId',
    params: ClipFileParams,
    status: 204,
    response: null,
  },
  /** A clip file's download: its link is the clip's (the file's `url`). */
  download: {
    method: 'GET',
    scope: 'clips:read',
    path: '/files/:fileId/:name',
    params: z.object({ fileId: ResourceId, name: text() }),
    query: ClipFileQuery,
  },
});
