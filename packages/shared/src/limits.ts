/** Limits both sides enforce (SPEC §9). Never repeat these numbers elsewhere. */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** File uploads one client address may start per minute (the upload routes' own rate limit). */
export const UPLOADS_PER_MINUTE = 60;
/** Longest file name kept (UTF-16 code units, as JavaScript counts); longer names are cut. */
export const FILE_NAME_MAX = 255;
/** A stored MIME type is `type/subtype` of at most this many characters, else application/octet-stream. */
export const FILE_TYPE_MAX = 255;
/** Hard bound on files per clip; the server's MAX_FILES_PER_CLIP (default 20) may only lower it. */
export const FILES_PER_CLIP_BOUND = 100;
export const CLIPS_PAGE_SIZE = 20;
export const RECENT_CLIPS_FETCH = 50;
export const RECENT_CLIPS_SHOWN = 8;
export const FILTER_DEBOUNCE_MS = 300;
export const PASSWORD_MIN_REGISTER = 8;
export const PASSWORD_MIN_RESET = 6;
export const PASSWORD_MAX = 128;
export const SESSION_FALLBACK_SECONDS = 3600;
export const SESSION_RECHECK_MS = 5 * 60 * 1000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_DUPLICATE_GUARD_MS = 2000;
export const CAROUSEL_INTERVAL_MS = 5000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
/** Largest socket message the server accepts; text clips are far below it. */
export const SOCKET_MAX_PAYLOAD_BYTES = 1_000_000;
