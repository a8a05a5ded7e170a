import { z } from 'zod';
import { ConfigError } from './config-error';

/** Web Push's VAPID identity (RFC 8292): the key pair push services check, and who to contact about it. */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY; undefined: a pair made at first start and kept in DATA_DIR. */
  keys: VapidKeys | undefined;
  /** A mailto: or https: URL push services may write to about this server's pushes. */
  subject: string;
}

export interface VapidKeys {
  /** base64url, an uncompressed P-256 point (65 bytes): the browsers' `applicationServerKey`. */
  publicKey: string;
  /** base64url, the P-256 private scalar (32 bytes). */
  privateKey: string;
}

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const base64urlOf = (bytes: number) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .refine(
        (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
        `must be ${bytes} bytes in base64url (as web-push generate-vapid-keys prints them)`,
      )
      .optional(),
  );

export const PushEnvSchema = z.object({
  VAPID_PUBLIC_KEY: base64urlOf(65),
  VAPID_PRIVATE_KEY: base64urlOf(32),
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .refine(
        (value) => /^mailto:.+@.+/.test(value) || /^https:\/\/[^/]/.test(value),
        'must be a mailto: or https: URL',
      )
      .optional(),
  ),
});
type PushEnv = z.infer<typeof PushEnvSchema>;

/**
 * Without VAPID_SUBJECT: the first admin's address, else PUBLIC_URL when it is https. Push services refuse a
 * plain http subject, so a server on http with no admin address names a mailbox at its own host instead.
 */
function defaultSubject(adminEmails: readonly string[], publicUrl: string): string {
  const [admin] = adminEmails;
  if (admin) return `mailto:${admin}`;
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:clipsync@${url.hostname}`;
}

/** Both keys or neither: every node of a deployment must sign with the same pair, and half of one signs nothing. */
export function pushConfigOf(
  env: PushEnv,
  { adminEmails, publicUrl }: { adminEmails: readonly string[]; publicUrl: string },
): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError(
      `Invalid configuration:\n  Web Push is partly configured; also set ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} (or unset both to keep a generated pair in DATA_DIR)`,
    );
  }
  return {
    keys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: env.VAPID_SUBJECT ?? defaultSubject(adminEmails, publicUrl),
  };
}
