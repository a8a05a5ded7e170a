/**
 * Limits both sides enforce. Never repeat these numbers elsewhere. Timings only the web app
 * keeps (toasts, debounce, carousel, session re-check) live beside their users in apps/web.
 */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** File uploads one client address may start per minute (the upload routes' own rate limit). */
export const UPLOADS_PER_MINUTE = 60;
/** Longest file name kept (UTF-16 code units, as JavaScript counts); longer names are cut. */
export const FILE_NAME_MAX = 255;
/** A stored MIME type is `type/subtype` of at most this many characters, else application/octet-stream. */
export const FILE_TYPE_MAX = 255;
/** Hard bound on files per clip; the server's MAX_FILES_PER_CLIP (default 20) may only lower it. */
export const FILES_PER_CLIP_BOUND = 100;
/** Page size of the clip lists and of the history call's default `limit`. */
export const CLIPS_PAGE_SIZE = 20;
/**
 * A history total that has to be counted (a search, a date range) stops this many clips past the page asked
 * for: `X-Total-Count` then says `offset` + this and `X-Total-Count-Capped: true` that there are more ('Page 1 of
 * 10+'). Counting the matches of a common word cost most of a search (bench/README.md#results): a cap of 1 000 still cost 2.2 ms
 * of PGlite's 4.1 ms per search, 200 costs 1.5 ms, and ten pages ahead is as far as a pager's total needs to see.
 */
export const HISTORY_TOTAL_AHEAD = 200;
/** Password lengths: the request schemas enforce them, the forms say them first. */
export const PASSWORD_MIN_REGISTER = 8;
export const PASSWORD_MIN_RESET = 6;
export const PASSWORD_MAX = 128;
/**
 * An end-to-end encrypted clipboard's passphrase (docs/encryption.md#account-keys): never sent, so only the device
 * can hold it to a length; Argon2id slows guessing, and 12 characters keep a few words' worth of it.
 */
export const CLIPBOARD_PASSPHRASE_MIN = 12;
/** Registration and reset refuse the most common passwords, this many of them (the server holds the list). */
export const COMMON_PASSWORDS_REFUSED = 10_000;
/** Largest socket message the server accepts; text clips are far below it. */
export const SOCKET_MAX_PAYLOAD_BYTES = 1_000_000;

/** Longest room name (after trimming). */
export const ROOM_NAME_MAX = 100;
/** A room card shows the first 3 members' avatars, then '+N'. */
export const ROOM_AVATARS_SHOWN = 3;
/** The rooms list's member-count buckets: small up to 3, medium 4-10, large above 10. */
export const ROOM_SIZE_BUCKETS = {
  small: { min: 1, max: 3 },
  medium: { min: 4, max: 10 },
  large: { min: 11 },
} as const;
/** Default page of the rooms list and of a room's content (the content query's default `limit`). */
export const ROOMS_PAGE_SIZE = 50;
export const ROOM_CONTENT_PAGE_SIZE = 20;
export const ROOM_ACTIVITY_PAGE_SIZE = 50;
/** A room invitation mailed to an address stays valid this long unless accepted or cancelled. */
export const ROOM_INVITATION_TTL_DAYS = 7;
/** Invitations one account may send, and one room may receive, per hour (mail to strangers is costly). */
export const ROOM_INVITATIONS_PER_HOUR = 30;

/** A new desktop block's size and place unless the request gives them (pixels). */
export const DESKTOP_ITEM_DEFAULT_SIZE = { width: 200, height: 150 } as const;
export const DESKTOP_ITEM_DEFAULT_POSITION = { x: 0, y: 0 } as const;
/** The grid is bounded so a position or size can neither overflow a column nor make a page unusable. */
export const DESKTOP_COORDINATE_MAX = 20_000;
export const DESKTOP_ITEM_SIZE_MIN = 40;
export const DESKTOP_ITEM_SIZE_MAX = 4_000;
/**
 * UTF-8 bytes of text one desktop block or one room item holds (a clip's text keeps its own, larger bound):
 * with at most DESKTOP_ITEMS_MAX blocks, or 100 room items a page, one answer stays bounded.
 */
export const ITEM_TEXT_MAX_BYTES = 65_536;
/** Items on one desktop; one layout save moves at most this many. */
export const DESKTOP_ITEMS_MAX = 500;
/** A LAN desktop's items expire this long after their last change. */
export const LAN_DESKTOP_ITEM_TTL_MS = 24 * 60 * 60 * 1000;

/** Personal access tokens: the longest name, the latest expiry, and how many one user may hold. */
export const TOKEN_NAME_MAX = 100;
export const TOKEN_EXPIRY_DAYS_MAX = 365;
export const TOKENS_PER_USER_MAX = 50;
/** Tokens one account may create per minute. */
export const TOKEN_CREATIONS_PER_MINUTE = 10;
/** A token's last use is written at most this often, not on every request. */
export const TOKEN_LAST_USED_WRITE_MS = 60_000;

/** An account's devices: the longest name, and how often HTTP use may write a device's last seen. */
export const DEVICE_NAME_MAX = 64;
export const DEVICE_LAST_SEEN_WRITE_MS = 60_000;
/**
 * A device whose socket is lost without a clean close shows offline within this long: the Socket.IO
 * server's ping interval plus its ping timeout stay under it (apps/server/src/realtime/socket-server.ts).
 */
export const DEVICE_OFFLINE_WITHIN_MS = 15_000;

/** Sends to devices (docs/features.md#my-devices): at most this many devices per send. */
export const DEVICE_SEND_TARGETS_MAX = 10;
/** A send waits this long for its device, then it is deleted unread. */
export const DEVICE_SEND_TTL_MS = 7 * 24 * 60 * 60_000;
/** A send handed to a socket and not acknowledged within this long is handed over again. */
export const DEVICE_SEND_REDELIVER_MS = 30_000;
/** The sends one account may make per minute (each send counts once, whatever its number of devices). */
export const DEVICE_SENDS_PER_MINUTE = 60;
/**
 * Sends that may wait for one device: what it is handed when it connects, and lists as pending, stays one
 * bounded batch (a clip send costs no quota, so the quota alone would not bound them).
 */
export const DEVICE_SENDS_WAITING_MAX = 100;

/** Device sign-in: the client's name as the user sees it, how long a code lives and how often it may be polled. */
export const DEVICE_CLIENT_NAME_MAX = 100;
export const DEVICE_CODE_TTL_SECONDS = 600;
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/**
 * Unknown user codes allowed per window: 10 for one account from one address, 30 for one account from all its
 * addresses, and 100 from one address for all accounts together, so one person's wrong codes never lock out
 * the others behind the same NAT (an office, a household) below that ceiling.
 */
export const DEVICE_CODE_MISSES_PER_CLIENT = 10;
export const DEVICE_CODE_MISSES_PER_ACCOUNT = 30;
export const DEVICE_CODE_MISSES_PER_ADDRESS = 100;
export const DEVICE_CODE_MISSES_WINDOW_MS = 15 * 60_000;

/** Private shares: the most views a link may allow, and the longest password. */
export const CLIP_SHARE_MAX_VIEWS = 100;
export const CLIP_SHARE_PASSWORD_MAX = 256;
/** Opens of one clip kept in its owner's view log, newest first. */
export const CLIP_VIEW_LOG_SIZE = 1_000;
/**
 * How long the grant POST /open answers lets its holder follow the clip live and fetch its files: long
 * enough to download, short enough that a leaked grant soon stops working.
 */
export const CLIP_VIEW_GRANT_TTL_SECONDS = 30 * 60;
/**
 * Wrong share passwords per window before a wait (429), as sign-in counts them: one address (IPv6 /64) on one
 * link is locked out of that link alone, so others guessing cannot lock out its rightful recipient; the link
 * itself locks for everyone only at a much higher bound, which still caps guesses from many addresses; one
 * address is capped across links.
 */
export const SHARE_PASSWORD_MISSES_PER_LINK_AND_ADDRESS = 10;
export const SHARE_PASSWORD_MISSES_PER_LINK = 50;
export const SHARE_PASSWORD_MISSES_PER_ADDRESS = 20;
export const SHARE_PASSWORD_MISSES_WINDOW_MS = 15 * 60_000;

/**
 * A share that reached the server with no service worker to catch it waits this long under its claim link
 * (docs/security.md#shares-kept-for-a-claim), then it and its files are deleted.
 */
export const SHARE_CLAIM_LIFETIME_MS = 15 * 60_000;
/** Shares one address (IPv6: its /64) may leave waiting per window. */
export const SHARE_CLAIMS_PER_ADDRESS = 10;
export const SHARE_CLAIMS_WINDOW_MS = 15 * 60_000;
/** Files one waiting share may hold, each under MAX_UPLOAD_BYTES. */
export const SHARE_CLAIM_MAX_FILES = 5;

/**
 * Nearness proved by the devices (decision 030, docs/features.md#my-devices): a challenge lives this long, a proof counts this
 * long, and this is the first line of the text both devices sign.
 */
export const NEAR_CHALLENGE_TTL_MS = 60_000;
export const NEARNESS_TTL_MS = 12 * 60 * 60_000;
export const NEAR_PROOF_CONTEXT = 'clipsync-near-v1';
/** `near:signal` relays: the largest `data` (its JSON, in characters), and how many one socket may send a minute. */
export const NEAR_SIGNAL_DATA_MAX = 16_384;
export const NEAR_SIGNALS_PER_MINUTE = 120;

/** An admin's invitation to sign up works this long after it is sent (or sent again). */
export const ADMIN_INVITATION_TTL_DAYS = 7;
export const ADMIN_INVITATIONS_PAGE_SIZE = 50;

/** How far ahead an admin may grant a plan without Stripe: a few years, never "forever" by a typo. */
export const ADMIN_PLAN_GRANT_DAYS_MAX = 5 * 365;

/**
 * Reporting a link (moderation): reports one address (IPv6: its /64) may send per hour, the longest note a
 * reporter may add, the longest reason an admin gives for a takedown (the owner reads it), and the queue's page.
 */
export const REPORTS_PER_ADDRESS_PER_HOUR = 5;
export const REPORT_NOTE_MAX = 1000;
export const TAKEDOWN_REASON_MAX = 500;
export const REPORTS_PAGE_SIZE = 20;

/** Audit log entries (and a user's security events) per page. */
export const AUDIT_PAGE_SIZE = 50;

/** Accounts on one page of the admin console's users directory, and the most a caller may ask for. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_PAGE_MAX = 100;
/**
 * The directory's total is counted this many accounts past the page asked for, no further ('Page 1 of 40+'):
 * counting all of 100 000 accounts cost 30 ms of PGlite per page (bench/README.md#results), 1 000 costs ~1 ms.
 */
export const ADMIN_USERS_TOTAL_AHEAD = 1_000;

/** The audit log's total is counted this many entries past the page asked for, no further, as the directory's. */
export const ADMIN_AUDIT_TOTAL_AHEAD = 1_000;
/** A directory search: a name or an address, or a part of one. */
export const ADMIN_USERS_SEARCH_MAX = 100;
/** How stale an account's last seen may get: written at most this often per account. */
export const USER_LAST_SEEN_WRITE_MS = 5 * 60_000;

/** Rooms one device may follow for Web Push ("a room I follow gets new content"). */
export const PUSH_FOLLOWED_ROOMS_MAX = 50;
/**
 * The most of a send's text a push may carry when the person chose "Show text in notifications": a push
 * payload is at most ~4 KB after encryption (RFC 8291), and a notification shows a few lines.
 */
export const PUSH_TEXT_PREVIEW_MAX = 500;
/** A push subscription's endpoint URL as push services hand them out (FCM's are ~200 characters). */
export const PUSH_ENDPOINT_MAX = 2_048;

/**
 * "Keep my history for" (Settings → Privacy): the days a user may choose, besides forever (null). The operator's
 * cap (CLIP_RETENTION_DAYS, or the console's) may be any number of days up to HISTORY_RETENTION_CAP_MAX.
 */
export const HISTORY_RETENTION_CHOICES = [30, 7, 1] as const;
export const HISTORY_RETENTION_CAP_MAX = 36_500;
