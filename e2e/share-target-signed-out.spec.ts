import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { shareFromSheet } from './support/share-sheet';
import { shotBothSizes } from './support/screenshots';

/**
 * A share sent to a signed-out browser with no service worker to catch it (a first visit): the server keeps it
 * under a claim link, or refuses it, and the app sends the visitor to sign in. The sign-in says what waits, or
 * why nothing does, before it asks for anything (docs/features.md#share-target).
 */
const files = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `photo-${index + 1}.txt`, text: `file ${index + 1}` }));

test('two files and a note wait under a claim link: the sign-in says so, then saves them', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createConfirmedUser(request, 'share-waits');
  await page.goto('/auth');
  await shareFromSheet(page, { text: 'Shared before signing in' }, files(2));
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('2 files and a note are waiting — sign in to save them')).toBeVisible();
  await shotBothSizes(page, 'share-waiting', testInfo);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('list', { name: 'Files' })).toContainText('photo-2.txt');
});

test('a share of six files is refused, and the sign-in says the limit of five before asking to sign in', async ({
  page,
}, testInfo) => {
  await page.goto('/auth');
  await shareFromSheet(page, { text: 'Six photos' }, files(6));
  const refusal = page.getByRole('alert').filter({ hasText: 'This share was not kept' });
  await expect(refusal).toHaveText(
    'This share was not kept: it held more than 5 files, and a share may hold at most 5. Share at most 5 files at a time.',
  );
  // Said first: above the sign-in form, and nothing is claimed to wait.
  const login = page.getByRole('heading', { name: 'Welcome back' });
  const [refusalBox, loginBox] = await Promise.all([refusal.boundingBox(), login.boundingBox()]);
  expect(refusalBox && loginBox && refusalBox.y < loginBox.y).toBe(true);
  await expect(page.getByText(/are waiting|is waiting/)).toHaveCount(0);
  await shotBothSizes(page, 'share-refused', testInfo);
});
