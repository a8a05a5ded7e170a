import { z } from 'zod';
import { ConfigError } from './config-error';

/** Web Push's VAPID identity (RFC 8292): the key pair push services check, and who to contact about it. */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY; undefined: a pair made at first start and kept in DATA_DIR. */
  keys: VapidKeys | undefined;
  /** A mailto: or https: URL push services may write to about this server's pushes. */
  subject: string;
  /**
   * PUSH_TRUSTED_HOSTS: push endpoints' hosts the server pushes to wherever they resolve (a self-hosted push
   * server on its own network), as a URL names them: lower case, an IPv6 address in brackets. Any other
   * endpoint must resolve to public addresses only.
   */
  trustedHosts: string[];
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

/**
 * One PUSH_TRUSTED_HOSTS entry as an endpoint's `new URL(…).hostname` names it (lower case, IPv6 in brackets
 * and compressed, no final dot), or undefined when it is no bare host: a port, a scheme or a path would never
 * match a host name, so it is refused rather than silently never trusted.
 */
export function trustedHostKey(entry: string): string | undefined {
  if (/[/?#@\s]/.test(entry) || (entry.startsWith('[') && !entry.endsWith(']'))) return undefined;
  const literal = entry.includes(':') && !entry.startsWith('[') ? `[${entry}]` : entry;
  const url = URL.canParse(`https://${literal}/`) ? new URL(`https://${literal}/`) : undefined;
  if (!url || url.host !== url.hostname) return undefined;
  return url.hostname.replace(/\.$/, '');
}

const TrustedHosts = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => trustedHostKey(entry) === undefined);
    if (invalid.length === 0) return [...new Set(entries.map((entry) => trustedHostKey(entry)!))];
    ctx.addIssue({
      code: 'custom',
      message: `not a host name or IP address: ${invalid.join(', ')} (expected e.g. push.home.lan,10.0.0.5,fd00::5; no scheme, port or path)`,
    });
    return z.NEVER;
  });

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
  PUSH_TRUSTED_HOSTS: TrustedHosts.default([]),
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
    trustedHosts: env.PUSH_TRUSTED_HOSTS,
  };
}
