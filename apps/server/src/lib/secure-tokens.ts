import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** 128 random bits as 22 base64url characters: ids nobody can guess or enumerate. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** 32 random bytes: refresh tokens and mailed links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored as SHA-256 hashes: they are high-entropy random values, so a fast hash is enough, and
 * lookup by hash is an indexed equality (no timing signal from comparing secrets in code).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const sealingKey = (parentToken: string) => createHash('sha256').update(`seal:${parentToken}`).digest();

/** Encrypts `secret` so that only a holder of `parentToken` can read it back (AES-256-GCM). */
export function sealWith(parentToken: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(parentToken), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unsealWith(parentToken: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(parentToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
