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

export interface FileLinkClaims {
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export interface FileLinks {
  /** A token for `?access=` that lets `userId` fetch `fileId` without a bearer header, until it expires. */
  sign(userId: string, fileId: string, now?: number): string;
  /** Who the token was given to, if it was signed here for this very file and has not expired; else null. */
  read(token: string, fileId: string, now?: number): FileLinkClaims | null;
}

/**
 * Signed file links, for files only members may read (room files): an `<img src>` or a download link
 * carries no Authorization header, so the address carries who it was issued to. The token names the user,
 * not a permission: the download still asks the policy, so a member removed since cannot use an old link.
 * HMAC with a key derived from the server secret, so a link is never mistaken for an access token.
 * Signing is remembered per user, file and expiry: every room detail signs its file items for its caller,
 * and an HMAC costs more than the rest of such an item.
 */
export function createFileLinks(serverSecret: string): FileLinks {
  const key = createHmac('sha256', serverSecret).update('file-link').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const remembered = new Map<string, string>();
  return {
    sign(userId, fileId, now = nowSeconds()) {
      const step = FILE_LINK_EXPIRY_STEP_SECONDS;
      const expiresAt = Math.ceil((now + FILE_LINK_TTL_SECONDS) / step) * step;
      const memoKey = `${userId}.${expiresAt}.${fileId}`;
      let token = remembered.get(memoKey);
      if (token === undefined) {
        const subject = Buffer.from(`${userId}.${expiresAt}`).toString('base64url');
        token = `${subject}.${mac(`${subject}.${fileId}`)}`;
        if (remembered.size >= REMEMBERED_LINKS) remembered.delete(remembered.keys().next().value!);
        remembered.set(memoKey, token);
      }
      return token;
    },
    read(token, fileId, now = nowSeconds()) {
      const [subject, signature, extra] = token.split('.');
      if (!subject || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(`${subject}.${fileId}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [userId, expires] = Buffer.from(subject, 'base64url').toString().split('.');
      const expiresAt = Number(expires);
      if (!userId || !Number.isInteger(expiresAt) || expiresAt <= now) return null;
      return { userId, expiresAt };
    },
  };
}
