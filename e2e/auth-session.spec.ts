import { expect, test, type Page } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, storeSession } from './support/accounts';
import { createJourneyApi } from './support/api';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a protected route signed out lands on /auth and returns there after login', async ({ page, request }) => {
  const { email, password } = await createConfirmedUser(request, 'guard');
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/auth$/);
  // Looking at the sign-up view first does not forget where the visitor was going.
  await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  await page.getByRole('button', { name: 'Already have an account? Login' }).click();
  // The sign-up form has an Email and a Password too: fill only once the login form has replaced it.
  await expect(page.getByRole('button', { name: "Don't have an account? Sign Up" })).toBeVisible();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('heading', { name: 'Favorite Clips' })).toBeVisible();
});

test('an expired session at start-up is refreshed silently', async ({ page, request }) => {
  const { email, password } = await createConfirmedUser(request, 'refresh');
  const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: { email, password } });
  await storeSession(page, user, { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  expect(stored.refresh_token).not.toBe(session.refresh_token);
  expect(stored.expires_at * 1000).toBeGreaterThan(Date.now());
});

test("a revoked session shows 'Session Expired' and goes to /auth", async ({ page, request }) => {
  const { email, password } = await createConfirmedUser(request, 'revoked');
  await page.goto('/auth');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const accessToken = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').access_token);
  // The session is ended elsewhere (another tab's logout): the next validity check finds out.
  await createJourneyApi(request, { token: accessToken }).call(AUTH_ENDPOINTS.logout);
  // The next call to the server finds out: this click's validity check, or a refetch that comes first
  // (then the sidebar is gone and the click waits in vain). The toast lasts 4 s, so it is watched for from
  // before the click: on a loaded CI machine a click waiting for a vanished link outlived it.
  const toldExpired = Promise.all([
    expect(page.getByText('Session Expired', { exact: true })).toBeVisible({ timeout: 20_000 }),
    expect(page.getByText('Please log in again to continue.', { exact: true })).toBeVisible({ timeout: 20_000 }),
  ]);
  const rooms = page.getByRole('complementary').getByRole('link', { name: 'Rooms' });
  await rooms.click({ timeout: 10_000 }).catch(() => expect(rooms).toBeHidden());
  await toldExpired;
  await expect(page).toHaveURL(/\/auth$/);
});
