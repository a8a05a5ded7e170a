import { expect, test, type Browser, type Page } from '@playwright/test';
import { startForwardingProxy, type ForwardingProxy } from './support/forwarding-proxy';

/** Another household: its devices reach the app through a proxy that forwards their public address. */
let neighbourhood: ForwardingProxy;
let NEIGHBOUR: { baseURL: string };
test.beforeAll(async ({ browserName: _ }, testInfo) => {
  neighbourhood = await startForwardingProxy(String(testInfo.project.use.baseURL), '198.51.100.23');
  NEIGHBOUR = { baseURL: neighbourhood.url };
});
test.afterAll(() => neighbourhood?.close());
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

test('LAN Share: two devices of one network host and find each other and follow each other’s desktop; a neighbour finds neither', async ({
  browser,
  request,
}) => {
  test.slow();
  const openLanShare = async (page: Page) => {
    await page.getByRole('button', { name: 'LAN Share' }).click();
    return page.getByRole('dialog', { name: 'LAN Discovery' });
  };
  const [laptop, phone] = [await openDesktop(browser), await openDesktop(browser)];
  const laptopDialog = await openLanShare(laptop);
  await expect(laptopDialog.getByRole('switch', { name: 'Auto-Connect' })).toBeChecked();
  const phoneDialog = await openLanShare(phone);
  // Auto-Connect is on: each connects to the other host as soon as it is listed.
  await expect(phoneDialog.getByRole('button', { name: /^Connected to / })).toBeVisible();
  await expect(laptopDialog.getByRole('button', { name: /^Connected to / })).toBeVisible();
  // Each host names itself by its browser and system, not the server's default 'Nearby device'.
  await expect(phoneDialog.getByRole('listitem').first()).toContainText(/^\S+ on \S+/);
  await expect(laptop.getByRole('button', { name: 'LAN Active', includeHidden: true })).toHaveCount(1);

  // A new block on the network's desktop reaches the laptop live, and the laptop's host update the phone.
  const text = unique('Shared over LAN');
  expect((await request.post('/api/virtual-desktop/items/text', { data: { content: text } })).status()).toBe(201);
  await expect(
    phoneDialog
      .getByRole('region', { name: /^Desktop of / })
      .getByText(text)
      .first(),
  ).toBeVisible();

  const neighbour = await openDesktop(browser, NEIGHBOUR);
  const neighbourDialog = await openLanShare(neighbour);
  await expect(neighbourDialog).toBeVisible();
  await neighbour.waitForTimeout(1500);
  await expect(neighbourDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(0);
  await expect(laptopDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(1);

  await laptopDialog.getByRole('button', { name: 'Stop' }).click();
  await expect(phoneDialog.getByRole('button', { name: /^Connect(ed)? to / })).toHaveCount(0);
});
