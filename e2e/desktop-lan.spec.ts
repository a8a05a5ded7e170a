import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP_ENDPOINTS } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { toastWith } from './support/devices';
import { startForwardingProxy, type ForwardingProxy } from './support/forwarding-proxy';

/** Another household: its devices reach the app through a proxy that forwards their public address. */
let neighbourhood: ForwardingProxy;
let NEIGHBOUR: { baseURL: string };
/** A household of its own for the consent journey: the other journeys' hosts, run alongside, are not in it. */
let flat: ForwardingProxy;
let FLAT: { baseURL: string };
/** And one for the journey of a host that leaves its desktop and comes back. */
let house: ForwardingProxy;
let HOUSE: { baseURL: string };
test.beforeAll(async ({ browserName: _ }, testInfo) => {
  neighbourhood = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.23');
  NEIGHBOUR = { baseURL: neighbourhood.url };
  flat = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.24');
  FLAT = { baseURL: flat.url };
  house = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.25');
  HOUSE = { baseURL: house.url };
});
test.afterAll(async () => {
  await neighbourhood?.close();
  await flat?.close();
  await house?.close();
});
const block = (page: Page, text: string) => page.getByRole('main').getByRole('article', { name: text });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openDesktop(browser: Browser, network: { baseURL?: string } = {}) {
  const context = await browser.newContext(network);
  const page = await context.newPage();
  await page.goto('/desktop');
  await expect(page.getByRole('note')).toContainText('Everyone on this network can see this desktop.');
  return page;
}

async function addText(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Desktop' });
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(block(page, text)).toBeVisible();
}

test('signed out, devices of one network share a LAN desktop live; another network has its own', async ({
  browser,
}) => {
  test.slow();
  const [laptop, phone] = [await openDesktop(browser), await openDesktop(browser)];
  const [neighbour, neighbourPhone] = [await openDesktop(browser, NEIGHBOUR), await openDesktop(browser, NEIGHBOUR)];

  const ours = unique('Our grocery list');
  await addText(laptop, ours);
  await expect(block(phone, ours)).toBeVisible();

  const theirs = unique('Next door');
  await addText(neighbour, theirs);
  // The neighbour's other device follows live too: its socket is grouped by the same forwarded address.
  await expect(block(neighbourPhone, theirs)).toBeVisible();

  for (const page of [laptop, phone]) await page.reload();
  await neighbour.reload();
  await expect(block(laptop, ours)).toBeVisible();
  await expect(block(neighbour, theirs)).toBeVisible();
  await expect(block(laptop, theirs)).toHaveCount(0);
  await expect(block(neighbour, ours)).toHaveCount(0);
});

const openLanShare = async (page: Page) => {
  await page.getByRole('button', { name: /^LAN (Share|Active)$/ }).click();
  return page.getByRole('dialog', { name: 'LAN Discovery' });
};
/** A connected host's desktop, in its panel on the page (the open dialog hides the page from roles). */
const peerPanel = (page: Page, name: string | RegExp = /^Desktop of /) =>
  page.getByRole('region', { name, includeHidden: true });

test('LAN Share: two devices of one network share on request, find each other and follow each other’s desktop; a neighbour finds neither', async ({
  browser,
  request,
}) => {
  test.slow();
  const [laptop, phone] = [await openDesktop(browser), await openDesktop(browser)];
  const laptopDialog = await openLanShare(laptop);
  await expect(laptopDialog.getByRole('switch', { name: 'Auto-Connect' })).toBeChecked();
  const phoneDialog = await openLanShare(phone);
  for (const dialog of [laptopDialog, phoneDialog]) {
    await dialog.getByRole('button', { name: 'Share my desktop' }).click();
  }
  // Auto-Connect is on: each connects to the other host as soon as it is listed.
  await expect(phoneDialog.getByRole('button', { name: /^Connected to / })).toBeVisible();
  await expect(laptopDialog.getByRole('button', { name: /^Connected to / })).toBeVisible();
  // Each host names itself by its browser and system and a word, not the server's default 'Nearby device'.
  await expect(phoneDialog.getByRole('listitem').first()).toContainText(/^\S+ on \S+ · \S+/);
  await expect(laptop.getByRole('button', { name: 'LAN Active', includeHidden: true })).toHaveCount(1);

  // A new block on the network's desktop reaches the laptop live, and the laptop's host update the phone.
  const text = unique('Shared over LAN');
  await createJourneyApi(request).call(DESKTOP_ENDPOINTS.addText, { body: { content: text } });
  await expect(peerPanel(phone).getByText(text).first()).toBeVisible();

  const neighbour = await openDesktop(browser, NEIGHBOUR);
  const neighbourDialog = await openLanShare(neighbour);
  await expect(neighbourDialog).toBeVisible();
  await neighbour.waitForTimeout(1500);
  await expect(neighbourDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(0);
  await expect(laptopDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(1);

  await laptopDialog.getByRole('button', { name: 'Stop sharing and looking for devices' }).click();
  await expect(phoneDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(0);
});

test('LAN Share asks first: nothing of a signed-in user’s desktop reaches another device before Share my desktop, and Stop takes it away', async ({
  browser,
  request,
}) => {
  test.slow();
  const ownerContext = await browser.newContext(FLAT);
  const owner = await ownerContext.newPage();
  await signIn(owner, request, 'lan-consent');
  await owner.goto('/desktop');
  const secret = unique('Private note');
  await addText(owner, secret);

  // Another device on the same network, signed out, listening to everything its sockets receive.
  const other = await openDesktop(browser, FLAT);
  const received: string[] = [];
  other.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => received.push(String(payload))));
  const otherDialog = await openLanShare(other);
  await expect(otherDialog.getByRole('switch', { name: 'Auto-Connect' })).toBeChecked();

  const ownerDialog = await openLanShare(owner);
  await expect(ownerDialog).toContainText('Your desktop — 1 block — will be visible to devices on this network');
  const name = ownerDialog.getByRole('textbox', { name: 'This device’s name' });
  await expect(name).toHaveValue(/^\S+ on \S+ · \S+$/);
  await name.fill('Alice’s laptop');
  await ownerDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(name).toHaveValue('Alice’s laptop');

  // Discovery polls every 10 s: one full round passes with the owner's dialog open and nothing shared.
  await other.waitForTimeout(11_000);
  await expect(otherDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(0);
  await expect(other.getByText(secret)).toHaveCount(0);
  expect(received.filter((frame) => frame.includes(secret))).toEqual([]);
  expect(received.filter((frame) => frame.includes('Alice’s laptop'))).toEqual([]);
  await expect(owner.getByRole('region', { name: 'Sharing with devices on this network' })).toHaveCount(0);

  await ownerDialog.getByRole('button', { name: 'Share my desktop' }).click();
  await expect(otherDialog.getByRole('button', { name: 'Connected to Alice’s laptop' })).toBeVisible();
  await otherDialog.getByRole('button', { name: 'Close' }).click();
  const panel = peerPanel(other, 'Desktop of Alice’s laptop');
  await expect(panel.getByText(secret)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Copy: ${secret}` })).toBeVisible();

  await ownerDialog.getByRole('button', { name: 'Close' }).click();
  const banner = owner.getByRole('region', { name: 'Sharing with devices on this network' });
  await expect(banner).toContainText('Sharing with devices on this network · Stop');
  await banner.getByRole('button', { name: 'Stop sharing my desktop' }).click();
  await expect(banner).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('This desktop is no longer shared with you');
  await expect(other.getByText(secret)).toHaveCount(0);
  await ownerContext.close();
});

test('LAN Share’s Stop says what it stops; leaving the desktop says sharing stopped; a host that comes back and leaves again leaves one “no longer shared” panel', async ({
  browser,
  request,
}) => {
  test.slow();
  const hostContext = await browser.newContext(HOUSE);
  const host = await hostContext.newPage();
  await signIn(host, request, 'lan-leave');
  await host.goto('/desktop');
  await expect(host.getByRole('heading', { level: 1, name: 'Virtual Desktop' })).toBeVisible();
  const viewer = await openDesktop(browser, HOUSE);
  const viewerDialog = await openLanShare(viewer);

  // Before anything is shared the dialog's Stop only stops looking, and says so; sharing says how long it lasts.
  let hostDialog = await openLanShare(host);
  await expect(hostDialog.getByRole('button', { name: 'Stop looking for devices' })).toBeVisible();
  await expect(hostDialog.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
  await expect(hostDialog).toContainText('Only while this page is open: leaving Virtual Desktop stops sharing.');
  const name = hostDialog.getByRole('textbox', { name: 'This device’s name' });
  await name.fill('Kitchen laptop');
  await hostDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(name).toHaveValue('Kitchen laptop');

  const panels = peerPanel(viewer, 'Desktop of Kitchen laptop');
  for (const round of [1, 2]) {
    await hostDialog.getByRole('button', { name: 'Share my desktop' }).click();
    await expect(viewerDialog.getByRole('button', { name: 'Connected to Kitchen laptop' })).toBeVisible();
    await expect(panels).toHaveCount(1);
    await expect(panels.getByRole('status', { includeHidden: true })).toHaveCount(0);
    await hostDialog.getByRole('button', { name: 'Close' }).click();

    // Leaving the page by the app's own navigation ends the share, and the host is told.
    await host.getByRole('link', { name: 'Clipboards' }).click();
    await expect(host.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(toastWith(host, 'Hosting Stopped')).toContainText(
      'You left Virtual Desktop, so your desktop is no longer shared.',
    );
    // The viewer keeps one panel for the host, under its name, however many times it left.
    await expect(panels.getByRole('status', { includeHidden: true })).toHaveText(
      'This desktop is no longer shared with you',
    );
    await expect(panels, `round ${round}`).toHaveCount(1);

    if (round === 1) {
      await host.goBack();
      await expect(host.getByRole('heading', { level: 1, name: 'Virtual Desktop' })).toBeVisible();
      hostDialog = await openLanShare(host);
    }
  }
  await hostContext.close();
});
