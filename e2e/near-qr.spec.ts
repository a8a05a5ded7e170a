import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { logIn, openBrowserWithKey } from './support/devices';
import { blockingViolations } from './support/axe';

/**
 * The fallback proof (docs/features.md#my-devices): device A shows a QR code of a signed challenge on B's row; B opens its link
 * (the camera's part, here read from the code) and posts the proof; both say "Nearby · verified", A without
 * asking the server again (`device:near`). The same link a second time is spent.
 */
test('a QR code shown by one device and opened by the other proves them near, on both screens', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createConfirmedUser(request, 'near-qr');
  const [first, second] = [await logIn(request, account), await logIn(request, account)];
  const b = await openBrowserWithKey(browser, second);
  const a = await openBrowserWithKey(browser, first);

  const otherRow = a
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasNot: a.getByText('This device', { exact: true }) });
  await otherRow.getByRole('button', { name: 'Prove with a QR code' }).click();
  const dialog = a.getByRole('dialog', { name: /^Prove .+ is near$/ });
  await expect(dialog).toContainText(/Scan this code with the camera of .+/);
  await expect(dialog).toContainText(/Expires in \d+ s/);
  const link = await dialog.getByRole('img', { name: /^QR code for / }).getAttribute('data-link');
  expect(link).toMatch(/\/devices\/near#c=/);
  await expect(dialog.getByTestId('near-qr-link')).toHaveText(link ?? '');
  expect(await blockingViolations(a)).toEqual([]);

  // The code's link may name the machine's LAN address (the page is on localhost): B opens its path here.
  const scanned = new URL(link ?? '');
  expect(scanned.hash).toContain('&s=');
  await b.goto(`${scanned.pathname}${scanned.hash}`);
  await expect(b.getByRole('status').filter({ hasText: 'Nearby · verified' })).toBeVisible();
  expect(await blockingViolations(b)).toEqual([]);
  await expect(dialog.getByRole('status').filter({ hasText: 'Nearby · verified' })).toBeVisible();

  // Opened again, the code is spent.
  await b.reload();
  await expect(b.getByRole('alert')).toHaveText(
    'This code has expired or was already used. Show a new code on the other device.',
  );
});

/**
 * A signed-out browser that opens a code signs in first and comes back to it (the fragment kept), and is
 * then told the code is for another device: signing in made it a device of its own. Nothing was posted, so
 * the device the code is for still proves with it.
 */
test('a signed-out browser is sent to sign in and back, then told the code is for another device', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createConfirmedUser(request, 'near-qr-out');
  const [first, second] = [await logIn(request, account), await logIn(request, account)];
  const b = await openBrowserWithKey(browser, second);
  const a = await openBrowserWithKey(browser, first);
  await a
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasNot: a.getByText('This device', { exact: true }) })
    .getByRole('button', { name: 'Prove with a QR code' })
    .click();
  const dialog = a.getByRole('dialog', { name: /^Prove .+ is near$/ });
  const scanned = new URL((await dialog.getByRole('img', { name: /^QR code for / }).getAttribute('data-link')) ?? '');

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(`${scanned.pathname}${scanned.hash}`);
  await expect(signedOut).toHaveURL(/\/auth$/);
  await signedOut.getByLabel('Email').fill(account.email);
  await signedOut.getByLabel('Password', { exact: true }).fill(account.password);
  await signedOut.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => new URL(signedOut.url()).pathname).toBe(scanned.pathname);
  expect(new URL(signedOut.url()).hash).toBe(scanned.hash);
  await expect(signedOut.getByRole('alert')).toHaveText('This code is for another of your devices.');

  await b.goto(`${scanned.pathname}${scanned.hash}`);
  await expect(b.getByRole('status').filter({ hasText: 'Nearby · verified' })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Nearby · verified' })).toBeVisible();
});
