import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { attachFile, createClips } from './support/clips';
import { logIn, toastWith } from './support/devices';
import { startForwardingProxy, type ForwardingProxy } from './support/forwarding-proxy';

/**
 * SPEC's screens on a phone (390×844), visited as a person would: each says what SPEC says, the page
 * never scrolls sideways, and its key control lies wholly on screen. A screenshot of each goes to
 * E2E_SHOTS_DIR when set, to be looked at by eye (not kept in the repository).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/phone-${name}.png` });
}

/** No sideways scrolling, and `control` wholly within the phone's screen (scrolled to, as a thumb would). */
async function expectFitsPhone(page: Page, control: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}

/** Every e2e test runs from loopback, and LAN journeys share networks: names are made unique per run. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`;

/** A network of this file's own (another address than desktop-lan's), so no other journey's host is in it. */
let home: ForwardingProxy;
let HOME: { baseURL: string; viewport: typeof PHONE; hasTouch: boolean };
test.beforeAll(async ({ browserName: _ }, testInfo) => {
  home = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.29');
  HOME = { baseURL: home.url, viewport: PHONE, hasTouch: true };
});
test.afterAll(async () => {
  await home?.close();
});

async function openSignedOutDesktop(browser: Browser) {
  const page = await (await browser.newContext(HOME)).newPage();
  await page.goto('/desktop');
  await expect(page.getByRole('note')).toContainText('Everyone on this network can see this desktop.');
  return page;
}

const openLanShare = async (page: Page) => {
  await page.getByRole('button', { name: /^LAN (Share|Active)$/ }).click();
  return page.getByRole('dialog', { name: 'LAN Discovery' });
};

test('on a phone, LAN Share asks first, the banner offers Stop, and a connected desktop shows in its panel', async ({
  browser,
  request,
}) => {
  test.slow();
  const ownerContext = await browser.newContext(HOME);
  const owner = await ownerContext.newPage();
  await signIn(owner, request, 'phone-lan');
  await owner.goto('/desktop');
  const note = unique('Bus times');
  await owner.getByRole('button', { name: 'New Text' }).click();
  const add = owner.getByRole('dialog', { name: 'Add to Desktop' });
  await add.getByLabel('Text').fill(note);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(owner.getByRole('main').getByRole('article', { name: note })).toBeVisible();

  const other = await openSignedOutDesktop(browser);
  const otherDialog = await openLanShare(other);
  await expect(otherDialog.getByRole('switch', { name: 'Auto-Connect' })).toBeChecked();

  const dialog = await openLanShare(owner);
  await expect(dialog).toContainText('Your desktop — 1 block — will be visible to devices on this network');
  const share = dialog.getByRole('button', { name: 'Share my desktop' });
  await expectFitsPhone(owner, share);
  const deviceName = unique('Pocket');
  const name = dialog.getByRole('textbox', { name: 'This device’s name' });
  await name.fill(deviceName);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(name).toHaveValue(deviceName);
  await share.scrollIntoViewIfNeeded();
  await shoot(owner, 'lan-dialog');
  await share.click();

  await dialog.getByRole('button', { name: 'Close' }).click();
  const banner = owner.getByRole('region', { name: 'Sharing with devices on this network' });
  await expect(banner).toContainText('Sharing with devices on this network · Stop');
  const stop = banner.getByRole('button', { name: 'Stop sharing my desktop' });
  await expectFitsPhone(owner, stop);
  await shoot(owner, 'lan-banner');

  // The other device connects (Auto-Connect) and shows the desktop in a panel on its page.
  await expect(otherDialog.getByRole('button', { name: `Connected to ${deviceName}` })).toBeVisible();
  await shoot(other, 'lan-dialog-connected');
  await otherDialog.getByRole('button', { name: 'Close' }).click();
  const panel = other.getByRole('region', { name: `Desktop of ${deviceName}` });
  await expect(panel.getByText(note)).toBeVisible();
  const copy = panel.getByRole('button', { name: `Copy: ${note}` });
  await expectFitsPhone(other, copy);
  await shoot(other, 'lan-peer-panel');

  await stop.click();
  await expect(panel.getByRole('status')).toHaveText('This desktop is no longer shared with you');
  await expect(banner).toHaveCount(0);
  await ownerContext.close();
  await other.context().close();
});

test('on a phone, a server without payments says every feature is free, with nothing to buy', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'phone-billing');
  // The e2e server sells plans through the Stripe stand-in (playwright.config.ts); a server without Stripe
  // keys answers its public config so, and that is all the page asks.
  await page.route('**/api/billing/config', (route) => route.fulfill({ json: { paymentsEnabled: false } }));
  const planAsked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/billing') planAsked.push(sent.url());
  });
  await page.goto('/billing');
  const free = page.getByRole('heading', { name: 'Every feature is free on this server' });
  await expect(free).toBeVisible();
  await expect(
    page.getByText(
      'Payments are not set up on this ClipSync server, so there is no trial and nothing to buy. The plans below are listed for reference.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
  await expect(page.getByText(/Trial:/)).toHaveCount(0);
  await expectFitsPhone(page, free);
  await shoot(page, 'billing-free');
  expect(planAsked).toEqual([]);
});

test('on a phone, the owner removes an attached file after a confirm', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'phone-file');
  const [clipId] = await createClips(request, accessToken, ['Boarding passes']);
  await attachFile(request, accessToken, clipId ?? '', {
    name: 'boarding-pass-return-flight.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('seat 12A'),
  });
  await page.goto(`/clips/${clipId}`);
  const attached = page.getByRole('region', { name: 'Attached Files' });
  const fileName = attached.getByText('boarding-pass-return-flight.txt');
  await expect(fileName).toBeVisible();
  // The name is read in full beside its buttons, not cut to a few letters.
  expect(
    await fileName.evaluate((name) => name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight),
  ).toBe(true);
  const remove = page.getByRole('button', { name: 'Remove boarding-pass-return-flight.txt' });
  await expectFitsPhone(page, remove);
  await shoot(page, 'clip-files');
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Remove this file?' });
  const confirmRemove = confirm.getByRole('button', { name: 'Remove file' });
  await expectFitsPhone(page, confirmRemove);
  await expectFitsPhone(page, confirm.getByRole('button', { name: 'Cancel' }));
  await shoot(page, 'file-remove-confirm');
  await confirmRemove.click();
  await expect(toastWith(page, 'File removed')).toBeVisible();
  await expect(attached.getByText('boarding-pass-return-flight.txt')).toHaveCount(0);
});

test('on a phone, removing a room member shows Undo, which the keyboard reaches and holds; a signed-out link names the room', async ({
  page: owner,
  browser,
  request,
}) => {
  test.slow();
  const { accessToken } = await signIn(owner, request, 'phone-room-owner');
  const roomName = unique('Team notes');
  const asOwner = createJourneyApi(request, { token: accessToken });
  const { id: roomId } = await asOwner.call(ROOM_ENDPOINTS.create, { body: { name: roomName } });
  const { shareToken } = await asOwner.call(ROOM_ENDPOINTS.get, { params: { id: roomId } });
  if (!shareToken) throw new Error('The new room came without an invite link');

  const memberAccount = await createConfirmedUser(request, 'phone-room-member');
  const member = await logIn(request, memberAccount);
  await createJourneyApi(request, { token: member.session.access_token }).call(ROOM_ENDPOINTS.join, {
    body: { shareToken },
  });

  await owner.goto(`/rooms/${roomId}`);
  await expect(owner.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await owner.getByRole('tab', { name: 'Members' }).click();
  const memberRow = owner.getByRole('button', { name: new RegExp(memberAccount.email.replace(/[.+]/g, '\\$&')) });
  await memberRow.click();
  await owner.getByRole('dialog', { name: 'Member Details' }).getByRole('button', { name: 'Remove from Room' }).click();
  const removed = toastWith(owner, 'Member removed');
  await expect(removed).toBeVisible();
  await expect(memberRow).toHaveCount(0);

  // By keyboard: F8 reaches the toasts, Tab the toast and then its Undo; the 5 s wait meanwhile.
  await owner.keyboard.press('F8');
  await owner.keyboard.press('Tab');
  await owner.keyboard.press('Tab');
  const undo = removed.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await expectFitsPhone(owner, undo);
  await shoot(owner, 'member-undo-toast');
  await owner.waitForTimeout(6000);
  await expect(undo).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(memberRow).toBeVisible();
  await expect(owner.getByText('2 member(s)')).toBeVisible();

  // A signed-out browser following the room's invite link is asked to sign in, by the room's name.
  const guestContext = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto(`/rooms/join/${shareToken}`);
  await expect(guest).toHaveURL(/\/auth/);
  await expect(guest.getByText(`Sign in to join '${roomName}'`)).toBeVisible();
  const login = guest.getByRole('button', { name: 'Login' });
  await expectFitsPhone(guest, login);
  await expectFitsPhone(guest, guest.getByRole('button', { name: "Don't have an account? Sign Up" }));
  await guest.evaluate(() => window.scrollTo(0, 0));
  await shoot(guest, 'room-sign-in-to-join');
  await guestContext.close();
});
