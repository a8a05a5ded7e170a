import { Email } from '@clipsync/shared';
import { z } from 'zod';

/** A name as every other door stores one: printable, trimmed, at most this long. */
const NAME_MAX = 100;

/**
 * The claims ClipSync reads, from the ID token and userinfo together; anything else the provider sends is
 * ignored, and nothing of it is ever shown as HTML.
 */
const ProfileClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional(),
  // Some providers send the boolean as a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
});

export interface SsoProfile {
  subject: string;
  /** Lower-cased; undefined when the provider gave none or not an address. */
  email: string | undefined;
  isEmailVerified: boolean;
  name: string;
  groups: string[];
}

/** Control characters and invisible formatting out, runs of spaces in one, cut to NAME_MAX. */
function cleanName(raw: string | undefined): string {
  return (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX)
    .trim();
}

function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The profile from the provider's claims, or undefined when they lack a usable subject. */
export function profileOf(claims: Record<string, unknown>, groupsClaim: string): SsoProfile | undefined {
  const parsed = ProfileClaims.safeParse(claims);
  if (!parsed.success) return undefined;
  // The address rule of every other door: trimmed, lower-cased, a valid address of at most 254 characters.
  const email = Email.safeParse(parsed.data.email);
  const address = email.success ? email.data : undefined;
  const name = cleanName(parsed.data.name) || cleanName(parsed.data.preferred_username) || address?.split('@')[0];
  return {
    subject: parsed.data.sub,
    email: address,
    isEmailVerified: parsed.data.email_verified === true || parsed.data.email_verified === 'true',
    name: name || 'SSO user',
    groups: groupsOf(claims, groupsClaim),
  };
}
