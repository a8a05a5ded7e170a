import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { createConfirmedUser } from './support/accounts';
import { logIn, openBrowserWithKey, toastWith } from './support/devices';

/**
 * Loopback host candidates, as raw addresses rather than mDNS names: two contexts of one Chromium on one
 * machine are then two devices on one network (decision 030).
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

/** Every Socket.IO event name the page receives (frames such as `42["device:send",{…}]`). */
function recordSocketEvents(page: Page): string[] {
  const events: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const event = /^\d+\["([^"]+)"/.exec(String(payload))?.[1];
      if (event) events.push(event);
    }),
  );
  return events;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The row of the other device (the one without 'This device'). */
const otherRow = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('This device', { exact: true }) });

/** This browser's own row. */
const ownRow = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText('This device', { exact: true }) });

/** Sets what this browser does with a send, on its own row. */
async function setReceiving(page: Page, option: 'Off' | 'Ask first') {
  await ownRow(page).getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
  await expect(ownRow(page).getByRole('combobox')).toHaveText(option);
}

/** Both browsers list each other online, so either may open a link to the other. */
async function bothOnline(pages: Page[]) {
  for (const page of pages) {
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Online now' })).toHaveCount(2);
  }
}

test('"Check if nearby" proves two browsers of one account near: both rows say "Nearby · verified"', async ({
  browser,
  request,
}) => {
  const account = await createConfirmedUser(request, 'near-check');
  const a = await openBrowserWithKey(browser, await logIn(request, account));
  const b = await openBrowserWithKey(browser, await logIn(request, account));
  await bothOnline([a, b]);

  const bOnA = otherRow(a);
  await bOnA.getByRole('button', { name: 'Check if nearby' }).click();
  await expect(bOnA.getByText('Nearby · verified')).toBeVisible();
  await expect(bOnA.getByRole('alert')).toHaveCount(0);
  await expect(otherRow(b).getByText('Nearby · verified')).toBeVisible();
});

test('files go straight to a proved-near browser, not while its receiving is off, and through the server without WebRTC', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createConfirmedUser(request, 'near-files');
  const a = await openBrowserWithKey(browser, await logIn(request, account));
  let bEvents: string[] = [];
  const b = await openBrowserWithKey(browser, await logIn(request, account), {
    beforeOpen: (page) => (bEvents = recordSocketEvents(page)),
  });
  await bothOnline([a, b]);
  await otherRow(a).getByRole('button', { name: 'Check if nearby' }).click();
  await expect(otherRow(a).getByText('Nearby · verified')).toBeVisible();

  // (b) 5 MB straight over the data channel: the sender makes no upload and no send, the receiver hears none.
  const sentRequests: string[] = [];
  a.on('request', (sent) => sentRequests.push(`${sent.method()} ${new URL(sent.url()).pathname}`));
  const bytes = randomBytes(5 * 1024 * 1024);
  await otherRow(a)
    .locator('input[type=file]')
    .setInputFiles({ name: 'near-5mb.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(otherRow(a).getByRole('status')).toContainText(/^Sent directly to /, { timeout: 30_000 });
  const received = toastWith(b, /sent you near-5mb\.bin/);
  await expect(received).toBeVisible();
  // Held in the page until saved: the tray lists it beside the toast (the file is nowhere else).
  const tray = b.getByRole('region', { name: 'Files sent to this device' });
  await expect(tray).toContainText(/sent you near-5mb\.bin/);
  const [download] = await Promise.all([
    b.waitForEvent('download'),
    received.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('near-5mb.bin');
  await expect(tray).toBeHidden();
  expect(sha256(await readFile(await download.path()))).toBe(sha256(bytes));
  expect(sentRequests.filter((line) => /^(PUT|POST) \/api\/(clipboard|device-sends)/.test(line))).toEqual([]);
  expect(bEvents).not.toContain('device:send');

  // Receiving off refuses the direct file too; the server then refuses the send, and the sender says so.
  await setReceiving(b, 'Off');
  await otherRow(a)
    .locator('input[type=file]')
    .setInputFiles({ name: 'refused.txt', mimeType: 'text/plain', buffer: Buffer.from('not wanted') });
  await expect(otherRow(a).getByRole('alert')).toContainText(/^Not sent: receiving is off on /, { timeout: 30_000 });
  await expect(toastWith(b, 'refused.txt')).toHaveCount(0);
  await setReceiving(b, 'Ask first');
  const uploadsBefore = sentRequests.filter((line) => line.startsWith('PUT /api/clipboard/')).length;

  // (c) The same send from a browser without WebRTC (the pair is still proved near) goes through the server.
  await a.context().addInitScript(() => {
    delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
  });
  await a.reload();
  await bothOnline([a]);
  await otherRow(a)
    .locator('input[type=file]')
    .setInputFiles({ name: 'served.txt', mimeType: 'text/plain', buffer: Buffer.from('through the server') });
  await expect(otherRow(a).getByRole('status')).toContainText(/^Sent through the server to /, { timeout: 30_000 });
  expect(sentRequests.filter((line) => line.startsWith('PUT /api/clipboard/'))).toHaveLength(uploadsBefore + 1);
  // The toast names the file it brought ("Laptop sent served.txt (18 Bytes)").
  await expect(toastWith(b, /sent served\.txt \(18 Bytes\)/)).toBeVisible();
  expect(bEvents).toContain('device:send');
});

test('a browser whose signature does not verify is not recorded as near, and the check says it failed', async ({
  browser,
  request,
}) => {
  const account = await createConfirmedUser(request, 'near-forged');
  const a = await openBrowserWithKey(browser, await logIn(request, account));
  // B answers the challenge over the channel, but with 64 bytes that are no signature of its key.
  const b = await openBrowserWithKey(browser, await logIn(request, account), {
    beforeOpen: (page) =>
      void page.addInitScript(() => {
        crypto.subtle.sign = async () => new Uint8Array(64).fill(7).buffer;
      }),
  });
  await bothOnline([a, b]);

  await otherRow(a).getByRole('button', { name: 'Check if nearby' }).click();
  await expect(otherRow(a).getByRole('alert')).toHaveText('Could not check whether the device is nearby.');
  await expect(otherRow(a).getByRole('button', { name: 'Check if nearby' })).toBeEnabled();
  // The server recorded nothing: neither browser, asking for its list again, has the other as near.
  for (const page of [a, b]) {
    await page.reload();
    await bothOnline([page]);
    await expect(page.getByText('Nearby · verified')).toHaveCount(0);
  }
});
