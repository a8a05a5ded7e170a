/**
 * The web app's routes, in React Router's pattern syntax. The web router declares
 * exactly these; the server answers them with 200 and any other page path with the not-found page and
 * a real 404, so a crawler, a link checker or `curl` learns that a path does not exist.
 */
export const APP_ROUTES = [
  '/',
  '/auth',
  '/dashboard',
  '/clips',
  '/rooms',
  '/rooms/:roomId',
  '/rooms/join/:token',
  '/rooms/invite/:token',
  '/favorites',
  '/quick-copy',
  '/desktop',
  '/desktop/shared/:token',
  '/new-clip',
  // Where the installed app's share target lands (the service worker, or the server without one).
  '/share',
  '/clips/:clipId',
  '/email-confirmation',
  '/reset-password',
  '/billing',
  // Where Stripe's hosted checkout sends the browser back (BILLING_SUCCESS_PATH, BILLING_CANCEL_PATH).
  '/billing/success',
  '/billing/cancel',
  // Personal access tokens, and where a device sign-in's link leads (`?code=`).
  '/settings/tokens',
  '/device',
  // The account's devices: presence, names, receive policy, sign-out.
  '/devices',
  // Where a device's camera opens the QR code another device shows to prove they are near (`#c=…`).
  '/devices/near',
  // The link an admin's invitation mails (`?invitation=`), which opens the sign-up form.
  '/register',
  // Each user's own security events (the audit log's entries about their account).
  '/settings/security-events',
  // The admin console (admins only; anyone else gets the not-found page) and its sections.
  '/admin',
  '/admin/users',
  '/admin/users/:id',
  '/admin/invitations',
  '/admin/reports',
  '/admin/audit',
  '/admin/settings',
  // Where a sign-in through the identity provider lands (`#refresh_token=…`), or why it was refused (`?code=`).
  '/auth/sso',
  '/auth/sso-error',
  // The account's identity at the provider: Link SSO, or Unlink.
  '/settings/sso',
  // This device's Web Push: on or off, and what it is notified of.
  '/settings/notifications',
  // What the server keeps of the account's clipboard: "Keep my history for".
  '/settings/privacy',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Whether a path (no query) is one of the app's pages: `:name` matches one non-empty segment. */
export function isAppRoute(path: string): boolean {
  const segments = segmentsOf(path.replace(/\/+$/, '') || '/');
  return APP_ROUTES.some((route) => {
    const pattern = segmentsOf(route);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}
