import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file link works at least: the room page refetches its content far more often. */
export const FILE_LINK_TTL_SECONDS = 3600;
/**
 * Links end on a multiple of this, so a link signed now and one signed a few minutes later are the same
 * address: the browser's cache keeps an image across refetches, and the server signs it once
 * (a link lives FILE_LINK_TTL_SECONDS plus up to one step).
 */
export const FILE_LINK_EXPIRY_STEP_SECONDS = 600;
/** Links remembered, oldest forgotten first: a few MB. */
const REMEMBERED_LINKS = 10_000;

/**
 * What a link is for, and whom or what it is given to, field by field in the order they are signed. The
 * purpose is signed too: a room file's link is no desktop file's, whatever the ids. A room file's link
 * names the member and the session that asked; a desktop file's the desktop and its share link as it was
 * (desktop-access.ts shareTagOf). Clip files take no signed link: their reads go by the clip's own access,
 * with its view grant where the clip needs one (modules/clips/clip-view-grants.ts).
 */
const HOLDER_FIELDS = {
  room: ['userId', 'sessionId'],
  desktop: ['desktopId', 'shareTag'],
} as const satisfies Record<string, readonly string[]>;

export type FileLinkPurpose = keyof typeof HOLDER_FIELDS;
export type FileLinkHolder<P extends FileLinkPurpose> = Record<(typeof HOLDER_FIELDS)[P][number], string>;

export interface FileLinkClaims<P extends FileLinkPurpose> {
  /** Whom or what the link was given to, as signed. */
  holder: FileLinkHolder<P>;
  /** Unix seconds. */
  expiresAt: number;
}

export interface FileLinks {
  /** A token for `?access=` that lets `holder` fetch `fileId` for `purpose`, until it expires. No field may hold a dot. */
  sign<P extends FileLinkPurpose>(purpose: P, holder: FileLinkHolder<P>, fileId: string, now?: number): string;
  /** Whom the token was given to, if it was signed here for this purpose and this very file and has not expired; else null. */
  read<P extends FileLinkPurpose>(purpose: P, token: string, fileId: string, now?: number): FileLinkClaims<P> | null;
}

/**
 * Signed file links, for files only members may read (room files) and a desktop's files: an `<img src>` or
 * a download link carries no Authorization header, so the address carries who it was issued to. The token
 * names its holder, not a permission: the download still asks the policy (a member removed since cannot use
 * an old link), the session store (a room link ends with the session that asked for it) or the desktop's
 * share (a link shown while it was shared ends with that share link).
 * HMAC with a key derived from the server secret, so a link is never mistaken for an access token.
 * Signing is remembered per purpose, holder, file and expiry: every room detail signs its file items for
 * its caller, and an HMAC costs more than the rest of such an item.
 */
export function createFileLinks(serverSecret: string): FileLinks {
  const key = createHmac('sha256', serverSecret).update('file-link').digest();
  const mac = (purpose: FileLinkPurpose, payload: string) =>
    createHmac('sha256', key).update(`${purpose}\n${payload}`).digest('base64url');
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const remembered = new Map<string, string>();
  return {
    sign(purpose, holder, fileId, now = nowSeconds()) {
      const parts = HOLDER_FIELDS[purpose].map((field) => (holder as Record<string, string>)[field] ?? '');
      if (parts.some((part) => part.includes('.'))) throw new Error('a file link holder part may not hold a dot');
      const step = FILE_LINK_EXPIRY_STEP_SECONDS;
      const expiresAt = Math.ceil((now + FILE_LINK_TTL_SECONDS) / step) * step;
      const memoKey = `${purpose}.${parts.join('.')}.${expiresAt}.${fileId}`;
      let token = remembered.get(memoKey);
      if (token === undefined) {
        const subject = Buffer.from([...parts, expiresAt].join('.')).toString('base64url');
        token = `${subject}.${mac(purpose, `${subject}.${fileId}`)}`;
        if (remembered.size >= REMEMBERED_LINKS) remembered.delete(remembered.keys().next().value!);
        remembered.set(memoKey, token);
      }
      return token;
    },
    read(purpose, token, fileId, now = nowSeconds()) {
      const [subject, signature, extra] = token.split('.');
      if (!subject || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(purpose, `${subject}.${fileId}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const parts = Buffer.from(subject, 'base64url').toString().split('.');
      const expiresAt = Number(parts.pop());
      const fields = HOLDER_FIELDS[purpose];
      if (parts.length !== fields.length || parts.some((part) => !part)) return null;
      if (!Number.isInteger(expiresAt) || expiresAt <= now) return null;
      const holder = Object.fromEntries(fields.map((field, index) => [field, parts[index]]));
      return { holder: holder as FileLinkHolder<typeof purpose>, expiresAt };
    },
  };
}
