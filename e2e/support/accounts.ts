import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_ACCOUNT_ENDPOINTS, AUTH_ENDPOINTS, OPS_ENDPOINTS, type DevOutboxResponse } from '@clipsync/shared';
import { ADMIN_SLOTS, adminEmailOf, type AdminSlot } from './admin-slots';
import { createJourneyApi } from './api';

type OutboxMail = DevOutboxResponse['mails'][number];

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;

/** The newest mail to `to` in the server's dev outbox (no SMTP_URL in the e2e server). */
export async function latestMailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  const api = createJourneyApi(request);
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { mails } = await api.call(OPS_ENDPOINTS.devOutbox);
      found = mails.filter((mail) => mail.to === to && subject.test(mail.subject)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMail;
}

const PASSWORD = 'e2e-password-123';

/** Registers through the API and uses the mailed confirmation link, as a user would: signing in beside it. */
export async function createConfirmedUser(request: APIRequestContext, prefix = 'user') {
  return registerConfirmed(request, uniqueEmail(prefix));
}

async function registerConfirmed(request: APIRequestContext, email: string) {
  const password = PASSWORD;
  const api = createJourneyApi(request);
  await api.call(AUTH_ENDPOINTS.register, { body: { name: 'E2E User', email, password } });
  await confirmByMailedLink(request, email, password);
  return { email, password };
}

/**
 * The mailed confirmation link itself, opened as its reader's browser would, whatever address it holds: it lands
 * on the confirmation page with its token, and the sign-in there (with the registered password) confirms.
 */
export async function confirmByMailedLink(request: APIRequestContext, email: string, password: string) {
  const mail = await latestMailTo(request, email, /Confirm/);
  const landing = await request.get(mail.links[0] ?? '', { maxRedirects: 0 });
  expect(landing.status()).toBe(303);
  const confirmation = new URL(landing.headers().location ?? '').searchParams.get('token') ?? '';
  await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: { email, password, confirmation } });
}

/** A confirmed user already signed in in `page`: the API logs in, the tokens go where the app keeps them. */
export async function signIn(page: Page, request: APIRequestContext, prefix = 'user') {
  const account = await createConfirmedUser(request, prefix);
  const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: account });
  await storeSession(page, user, session);
  return { ...account, user, accessToken: session.access_token };
}

/**
 * Puts a user and session where the app keeps them, from a same-origin page that runs no app script: the
 * app started on `/` with nothing stored signs out, which clears the storage, and on a loaded machine it
 * could do so after these writes (an expired-session journey failed that way on CI, 2026-11-25).
 */
export async function storeSession(page: Page, user: unknown, session: unknown) {
  await page.goto('/api/health');
  await page.evaluate(
    ([storedUser, storedSession]) => {
      localStorage.setItem('user', JSON.stringify(storedUser));
      localStorage.setItem('session', JSON.stringify(storedSession));
    },
    [user, session] as const,
  );
}

/** The slot's admin's session: signed up and confirmed first if it has no account yet. */
async function adminSession(request: APIRequestContext, slot: AdminSlot) {
  const email = adminEmailOf(slot);
  const api = createJourneyApi(request);
  const logIn = () => api.call(AUTH_ENDPOINTS.login, { body: { email, password: PASSWORD } });
  const signedIn = await logIn().catch(async () => {
    await registerConfirmed(request, email);
    return logIn();
  });
  expect(signedIn.user.role).toBe('admin');
  return { email, ...signedIn };
}

/**
 * Every admin slot signed up, before any journey (e2e/admin-slots.setup.ts): journeys of one slot run at once,
 * and two sign-ups of one unconfirmed address racing to confirm would have one of them refused.
 */
export async function signUpAdminSlots(request: APIRequestContext) {
  for (const slot of ADMIN_SLOTS) await adminSession(request, slot);
}

/** The slot's admin signed in in `page`. */
export async function signInAdmin(page: Page, request: APIRequestContext, slot: AdminSlot) {
  const { email, user, session } = await adminSession(request, slot);
  await storeSession(page, user, session);
  return { email, password: PASSWORD, user, accessToken: session.access_token };
}

/** Sets one account's storage quota as an admin would (the console's "Set the storage quota"): a journey's own. */
export async function setStorageQuota(request: APIRequestContext, userId: string, bytes: number) {
  const { session } = await adminSession(request, 'quota');
  const api = createJourneyApi(request, { token: session.access_token });
  await api.call(ADMIN_ACCOUNT_ENDPOINTS.setQuota, { params: { id: userId }, body: { bytes } });
}
