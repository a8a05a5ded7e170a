import { expect, test } from '@playwright/test';
import { SSO_BASE_URL } from './support/sso-server';

test.use({ baseURL: SSO_BASE_URL });

test("a person signs in through the team's provider, its own login and consent pages, then saves a clip", async ({
  page,
}) => {
  const name = `ada${Date.now()}`;
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with Team ID' }).click();

  // The provider's own pages.
  await page.locator('input[name="login"]').fill(name);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${SSO_BASE_URL}/dashboard`);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string });
  expect(stored.email).toBe(`${name}@sso.example`);
  // The session came by this browser's hand-off cookie: no address it visited carried a token.
  expect(visited.filter((url) => url.includes('token'))).toEqual([]);
  expect(visited.some((url) => url.startsWith(`${SSO_BASE_URL}/auth/sso?return_to=`))).toBe(true);

  // The hand-off worked once: the completion page opened again is a refusal, not a second session.
  await page.goto('/auth/sso');
  await expect(page.getByText('The sign-in could not be finished. Please try again.')).toBeVisible();

  await page.goto('/new-clip');
  const saveClip = page.getByRole('button', { name: 'Save Clip' });
  await expect(saveClip).toBeEnabled();
  await page.getByLabel('Clip content').fill('saved by an SSO account');
  await saveClip.click();
  await expect(page.getByText('Clip saved successfully', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
});

test('a refusal is a page that says why', async ({ page }) => {
  await page.goto('/auth/sso-error?code=email_unverified');
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(
    page.getByText('Your identity provider has not verified your e-mail address, so no account can be opened with it.'),
  ).toBeVisible();
});
