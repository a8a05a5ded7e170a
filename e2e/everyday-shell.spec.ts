import { expect, test, type Page } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { signIn, uniqueEmail } from './support/accounts';
import { createJourneyApi } from './support/api';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('Ctrl+S saves a new clip without the browser dialog, the clip moves to its own address and survives a reload', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'shell-save');
  await page.goto('/new-clip');
  await expect(page).toHaveTitle('New Clip · ClipSync');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await page.getByLabel('Clip content').fill('Saved from the keyboard');
  await page.getByLabel('Clip content').press('Control+s');
  await expect(toast(page, 'Clip saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
  const clipUrl = page.url();

  await page.reload();
  await expect(page).toHaveURL(clipUrl);
  await expect(page.getByText('You can edit this clip. Changes will be visible to others in real-time.')).toBeVisible();
  await expect(page.getByLabel('Clip content')).toHaveValue('Saved from the keyboard');

  // Editing and Ctrl+Enter save the owner's clip; New Clip starts the next one.
  await page.getByLabel('Clip content').fill('Edited from the keyboard');
  await page.getByLabel('Clip content').press('Control+Enter');
  await expect(toast(page, 'Clip updated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'New Clip' }).click();
  await expect(page).toHaveURL(/\/new-clip$/);
  await expect(page.getByLabel('Clip content')).toHaveValue('');
});

test('the sidebar opens All Clips and marks it current; the keys n, / and ? work outside fields', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'shell-nav');
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByRole('link', { name: 'Clipboards' })).toHaveAttribute('aria-current', 'page');
  await sidebar.getByRole('link', { name: 'All Clips' }).click();
  await expect(page).toHaveURL(/\/clips$/);
  await expect(page).toHaveTitle('All Clips · ClipSync');
  await expect(sidebar.getByRole('link', { name: 'All Clips' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Clipboards' })).not.toHaveAttribute('aria-current');
  await expect(sidebar.getByRole('status', { name: 'Live updates: Connected' })).toBeVisible();

  const search = page.getByRole('main').getByRole('searchbox');
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Inside the field, n is a letter: it searches, it opens nothing.
  await page.keyboard.type('n');
  await expect(search).toHaveValue('n');
  await expect(page).toHaveURL(/\/clips(\?|$)/);
  await search.fill('');
  await search.blur();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/new-clip$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar holds the main destinations, and log out lives in the account menu', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'shell-mobile');
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary')).toBeHidden();
    const bottomBar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(bottomBar.getByRole('link')).toHaveText(['Clipboards', 'All Clips', 'Rooms', 'Virtual Desktop']);
    await bottomBar.getByRole('link', { name: 'All Clips' }).click();
    await expect(bottomBar.getByRole('link', { name: 'All Clips' })).toHaveAttribute('aria-current', 'page');

    await bottomBar.getByRole('button', { name: 'Open account menu' }).click();
    const menu = page.getByRole('dialog', { name: 'E2E User' });
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
  });
});

test('logging in to an unconfirmed account offers a new confirmation email', async ({ page, request }) => {
  const email = uniqueEmail('shell-unconfirmed');
  const password = 'e2e-password-123';
  await createJourneyApi(request).call(AUTH_ENDPOINTS.register, { body: { name: 'Unconfirmed', email, password } });

  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
  await expect(
    toast(page, 'If this email has an account waiting for confirmation, a new confirmation link has been sent.'),
  ).toBeVisible();
});
