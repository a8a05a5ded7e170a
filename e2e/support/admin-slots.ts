/**
 * The e2e server's admins, by the part of the console a journey is about: playwright.config.ts lists their
 * addresses in ADMIN_EMAILS, so each becomes an admin when it signs up (signInAdmin), and journeys never
 * share one. Kept free of imports: the Playwright config reads it.
 */
export const ADMIN_SLOTS = [
  'users',
  'accounts',
  'overview',
  'invitations',
  'audit',
  'moderation',
  'a11y',
  'reports',
  'quota',
  'privacy',
] as const;
export type AdminSlot = (typeof ADMIN_SLOTS)[number];
export const adminEmailOf = (slot: AdminSlot) => `admin-${slot}@example.com`;
