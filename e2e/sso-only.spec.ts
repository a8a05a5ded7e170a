import { expect, test } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { confirmByMailedLink } from './support/accounts';
import { createJourneyApi } from './support/api';
import { SSO_ONLY_ADMIN_EMAIL, SSO_ONLY_BASE_URL } from './support/sso-server';

test.use({ baseURL: SSO_ONLY_BASE_URL });

const WORDS = 'This server signs in with Team ID';
const ADMIN_PASSWORD = 'the way back 2026';

test('a server that signs in through its provider only: the button for people, a password for its admin', async ({
  page,
  request,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: WORDS })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Team ID' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeHidden();

  // A person signs in through the provider's own login and consent pages, then uses the app.
  const name = `grace${Date.now()}`;
  await page.getByRole('link', { name: 'Sign in with Team ID' }).click();
  await page.locator('input[name="login"]').fill(name);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${SSO_ONLY_BASE_URL}/dashboard`);
  await page.goto('/new-clip');
  await page.getByLabel('Clip content').fill('saved where only SSO signs in');
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await expect(page.getByText('Clip saved successfully', { exact: true }).first()).toBeVisible();

  // The same person's address behind the admin disclosure: refused with the words, as any non-admin is.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth');
  await page.getByText('Admin sign-in with password').click();
  await page.getByLabel('Email').fill(`${name}@sso.example`);
  await page.getByLabel('Password', { exact: true }).fill('a guessed password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(WORDS).last()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  // The address ADMIN_EMAILS names still signs up and in with a password: the way back.
  const api = createJourneyApi(request);
  await api.call(AUTH_ENDPOINTS.register, {
    body: { name: 'Root', email: SSO_ONLY_ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  await confirmByMailedLink(request, SSO_ONLY_ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/auth');
  await page.getByText('Admin sign-in with password').click();
  await page.getByLabel('Email').fill(SSO_ONLY_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${SSO_ONLY_BASE_URL}/dashboard`);
});
