import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { readOwnedClip } from './support/clips';

const FAILURE = 'This link is incomplete or the password is wrong';
const TEXT = 'the vault code is 0451, tell nobody';
const FILES = [
  { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('step 1: bring snacks\nstep 2: open the vault\n') },
  { name: 'map.csv', mimeType: 'text/csv', buffer: Buffer.from('x,y\n3,4\n', 'utf8') },
];

/** Everything a context sends: request URLs, headers and bodies, and the socket's frames. */
function recordTraffic(context: BrowserContext, log: string[]) {
  context.on('request', (request) => {
    log.push(request.url(), JSON.stringify(request.headers()));
    // The cookie-related headers only come asynchronously, and not for a request made as the context closes
    // (the landing page's late chunks, say): the headers above are logged for it all the same.
    request.allHeaders().then(
      (headers) => log.push(JSON.stringify(headers)),
      () => undefined,
    );
    const body = request.postDataBuffer();
    if (body) log.push(body.toString('latin1'));
  });
  context.on('page', (page) => watchSockets(page, log));
}

function watchSockets(page: Page, log: string[]) {
  page.on('websocket', (socket) => {
    log.push(socket.url());
    socket.on('framesent', ({ payload }) => log.push(payload.toString()));
  });
}

test('an end-to-end encrypted clip with two files round-trips between two browsers; the key never reaches the server', async ({
  page,
  request,
  browser,
}) => {
  // Three browser contexts and PBKDF2-free but real crypto on a loaded machine: the slow-test budget.
  test.slow();
  const traffic: string[] = [];
  recordTraffic(page.context(), traffic);
  watchSockets(page, traffic);
  const { accessToken } = await signIn(page, request, 'encrypted-clips');

  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await page.getByLabel('Clip content').fill(TEXT);
  await page.getByLabel('Upload File').setInputFiles(FILES);
  await page.getByRole('checkbox', { name: 'End-to-end encrypted' }).check();
  await expect(page.getByLabel('Password (optional)')).toBeVisible();
  await page.screenshot({ path: 'test-results/encrypted-clips-new-clip.png', fullPage: true });
  await page.getByRole('button', { name: 'Save Clip' }).click();

  await page.waitForURL(/\/clips\/[^/#]+#k=/);
  const link = page.url();
  const clipId = new URL(link).pathname.split('/').at(-1) ?? '';
  const key = new URL(link).hash.slice('#k='.length);
  expect(key).toHaveLength(43);
  const owners = page.getByRole('region', { name: 'Attached Files' });
  await expect(page.getByLabel('Clip content')).toHaveValue(TEXT);
  await expect(owners.getByText('plan.txt')).toBeVisible();
  await expect(owners.getByText('map.csv')).toBeVisible();
  await page.screenshot({ path: 'test-results/encrypted-clips-owner.png', fullPage: true });

  // The server holds an envelope and two files named 'encrypted': nothing it could show or search.
  const stored = await readOwnedClip(request, accessToken, clipId);
  expect(stored.encrypted).toBe(true);
  expect(stored.content).not.toContain('vault');
  expect(stored.files.map((file) => file.name)).toEqual(['encrypted', 'encrypted']);

  // The owner's share dialog gives the link with its key, and says the server cannot read the clip.
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await expect(dialog.getByText('End-to-end encrypted — the server cannot read this clip')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Clip link' })).toHaveValue(link);
  await dialog.screenshot({ path: 'test-results/encrypted-clips-share-dialog.png' });
  await page.keyboard.press('Escape');

  // The owner's history shows the lock badge, never the envelope.
  await page.goto('/clips');
  const card = page.getByRole('article', { name: 'Encrypted' });
  await expect(card).toBeVisible();
  await expect(card.getByText('2 encrypted files')).toBeVisible();
  await expect(page.getByText(stored.content.slice(0, 24))).toHaveCount(0);
  await page.screenshot({ path: 'test-results/encrypted-clips-history.png' });

  // Someone else, holding the whole link, reads the text and both names, and downloads a file intact.
  const recipientContext = await browser.newContext();
  recordTraffic(recipientContext, traffic);
  const recipient = await recipientContext.newPage();
  await recipient.goto(link);
  await expect(recipient.getByLabel('Clip content')).toHaveValue(TEXT);
  const files = recipient.getByRole('region', { name: 'Attached Files' });
  await expect(files.getByText('plan.txt')).toBeVisible();
  await expect(files.getByText('map.csv')).toBeVisible();
  await recipient.screenshot({ path: 'test-results/encrypted-clips-recipient.png', fullPage: true });
  const [download] = await Promise.all([
    recipient.waitForEvent('download'),
    files.getByRole('button', { name: 'Download plan.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('plan.txt');
  expect(await readFile(await download.path())).toEqual(FILES[0]!.buffer);

  // The owner edits: the save is sealed with the same key, and the live update reaches the reader as an
  // envelope that their page opens.
  await page.goto(link);
  await page.getByLabel('Clip content').fill(`${TEXT} (changed)`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(recipient.getByLabel('Clip content')).toHaveValue(`${TEXT} (changed)`);
  const edited = await readOwnedClip(request, accessToken, clipId);
  expect(edited.content).not.toContain('changed');
  expect(edited.content).not.toBe(stored.content);

  // Without the fragment, or with a cut key: one sentence, never the envelope or garbage.
  const strangerContext = await browser.newContext();
  recordTraffic(strangerContext, traffic);
  const stranger = await strangerContext.newPage();
  await stranger.goto(link.split('#')[0]!);
  await expect(stranger.getByRole('alert')).toHaveText(FAILURE);
  await expect(stranger.getByText(stored.content.slice(0, 24))).toHaveCount(0);
  await stranger.screenshot({ path: 'test-results/encrypted-clips-no-key.png', fullPage: true });
  const cut = await strangerContext.newPage();
  await cut.goto(link.slice(0, -5));
  await expect(cut.getByRole('alert')).toHaveText(FAILURE);
  await expect(cut.getByLabel('Clip content')).toHaveCount(0);

  // Nothing any of the three browsers sent, in a URL, a header, a body or a socket frame, holds the key.
  await Promise.all([recipientContext.close(), strangerContext.close()]);
  expect(traffic.length).toBeGreaterThan(20);
  expect(traffic.filter((entry) => entry.includes(key))).toEqual([]);
});

test('an encrypted clip with a password: the link alone does not open it, the password does, and neither key nor password is ever sent', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const traffic: string[] = [];
  recordTraffic(page.context(), traffic);
  watchSockets(page, traffic);
  await signIn(page, request, 'sealed-password');
  const password = 'lantern-oyster-91';

  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await page.getByLabel('Clip content').fill('only with the password');
  await page.getByRole('checkbox', { name: 'End-to-end encrypted' }).check();
  await page.getByLabel('Password (optional)').fill(password);
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await page.waitForURL(/#k=/);
  const link = page.url();
  const key = new URL(link).hash.slice('#k='.length);
  // The owner's browser kept the password with the key: their page opens without asking.
  await expect(page.getByLabel('Clip content')).toHaveValue('only with the password');

  const readerContext = await browser.newContext();
  recordTraffic(readerContext, traffic);
  const reader = await readerContext.newPage();
  await reader.goto(link);
  await reader.getByLabel('Password').fill('not-the-password');
  await reader.getByRole('button', { name: 'Open clip' }).click();
  await expect(reader.getByRole('alert')).toHaveText(FAILURE);
  await reader.screenshot({ path: 'test-results/encrypted-clips-wrong-password.png', fullPage: true });
  await reader.getByLabel('Password').fill(password);
  await reader.getByRole('button', { name: 'Open clip' }).click();
  await expect(reader.getByLabel('Clip content')).toHaveValue('only with the password');

  await readerContext.close();
  expect(traffic.filter((entry) => entry.includes(key) || entry.includes(password))).toEqual([]);
});
