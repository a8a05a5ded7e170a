import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { signIn } from './support/accounts';
import { startForwardingProxy, type ForwardingProxy } from './support/forwarding-proxy';

/** Loopback host candidates, as raw addresses: two contexts of one Chromium are two devices of one network. */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

/** A household of its own: the other journeys' LAN hosts are not in it. */
let household: ForwardingProxy;
test.beforeAll(async ({ browserName: _ }, testInfo) => {
  household = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.41');
});
test.afterAll(async () => {
  await household?.close();
});

/** Opens LAN Share, names this device, and shares its desktop. */
async function shareAs(page: Page, name: string) {
  await page.getByRole('button', { name: /^LAN (Share|Active)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'LAN Discovery' });
  await dialog.getByRole('textbox', { name: 'This device’s name' }).fill(name);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await dialog.getByRole('button', { name: 'Share my desktop' }).click();
  await expect(dialog.getByRole('button', { name: 'Stop sharing my desktop' })).toBeVisible();
  return dialog;
}

test('a guest on the LAN desktop page proves itself near a user’s device: both list each other as "Nearby · verified"', async ({
  browser,
  request,
}) => {
  test.slow();
  const ownerPage = await (await browser.newContext({ baseURL: household.url })).newPage();
  await signIn(ownerPage, request, 'lan-near');
  await ownerPage.goto('/desktop');
  const guestPage = await (await browser.newContext({ baseURL: household.url })).newPage();
  await guestPage.goto('/desktop');
  await expect(guestPage.getByRole('note')).toContainText('Everyone on this network can see this desktop.');

  // Names of this run's own: a run beside it (a repeat) may share the household.
  const run = Math.random().toString(36).slice(2, 8);
  const ownerDialog = await shareAs(ownerPage, `Alice’s laptop ${run}`);
  const guestDialog = await shareAs(guestPage, `Guest phone ${run}`);
  const laptopRow = guestDialog.getByRole('listitem').filter({ hasText: `Alice’s laptop ${run}` });
  const guestRow = ownerDialog.getByRole('listitem').filter({ hasText: `Guest phone ${run}` });
  await expect(laptopRow).toContainText('Same network (unverified)');
  await expect(guestRow).toContainText('Same network (unverified)');

  await laptopRow.getByRole('button', { name: 'Check if nearby' }).click();
  await expect(laptopRow).toContainText('Nearby · verified');
  await expect(guestRow).toContainText('Nearby · verified');
  await expect(laptopRow.getByRole('button', { name: 'Check if nearby' })).toHaveCount(0);
  await expect(laptopRow.getByRole('alert')).toHaveCount(0);
});
