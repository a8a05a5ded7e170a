import { AUTH_ENDPOINTS, CLIP_ENDPOINTS, ENCRYPTED_FILE_NAME, TOKEN_ENDPOINTS } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signIn, storeSession } from './support/accounts';
import { createJourneyApi } from './support/api';
import { attachFile, readOwnedClip } from './support/clips';
import { clipboardKeyCard, turnOnClipboardKey, unlockClipboardKey } from './support/clipboard-key';

const PASSPHRASE = 'correct horse battery staple';
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** `clipsync` as a person runs it in a terminal, signed in by a token, with a config folder of its own. */
async function clipsyncCli(baseURL: string, token: string) {
  const env = {
    ...process.env,
    CLIPSYNC_URL: baseURL,
    CLIPSYNC_TOKEN: token,
    XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), 'clipsync-e2e-cli-')),
    CLIPSYNC_PASSPHRASE: PASSPHRASE,
  };
  return async (...args: string[]) =>
    (await promisify(execFile)('node', ['packages/cli/bin/clipsync.mjs', ...args], { env, timeout: 60_000 })).stdout;
}

test('an encrypted clipboard: clips sealed on one device, read live on another unlocked with the recovery key, shared by link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await signIn(page, request, 'sealed-clipboard');
  const api = createJourneyApi(request, { token: account.accessToken });
  // Saved before the clipboard is encrypted: turning it on seals it from this device.
  const before = await api.call(CLIP_ENDPOINTS.create, { body: { content: 'saved before: 12 Elm Street' } });
  await attachFile(request, account.accessToken, before.id, {
    name: 'lease.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('the lease'),
  });
  const recoveryKey = await turnOnClipboardKey(page, PASSPHRASE);
  await expect(toast(page, 'Your history is sealed')).toBeVisible();
  const sealedBefore = await readOwnedClip(request, account.accessToken, before.id);
  expect(sealedBefore).toMatchObject({ encrypted: true, wrappedKey: expect.any(String) });
  expect(sealedBefore.files).toMatchObject([{ name: ENCRYPTED_FILE_NAME }]);
  expect(JSON.stringify(sealedBefore)).not.toMatch(/Elm Street|lease/);

  // A clip made on this device is sealed before it leaves: the server keeps an envelope and the wrapped key.
  // (In-app navigation: this tab holds the key in its memory only, as "Remember on this device" was not asked.)
  await page.getByRole('link', { name: 'Clipboards' }).click();
  await page.getByRole('link', { name: 'New Clip' }).first().click();
  await expect(
    page.getByText('Your clipboard is encrypted end to end: this clip is sealed on this device before it is saved.'),
  ).toBeVisible();
  await page.getByLabel('Clip content').fill('the door code is 4711');
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await expect(toast(page, 'Clip saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
  const clipId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByLabel('Clip content')).toHaveValue('the door code is 4711');
  const stored = await api.call(CLIP_ENDPOINTS.get, { params: { id: clipId } });
  expect(stored).toMatchObject({ encrypted: true, wrappedKey: expect.any(String) });
  expect(JSON.stringify(stored)).not.toContain('4711');

  // Another device: its lists say "Locked" until it unlocks, here with the recovery key.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, {
      body: { email: account.email, password: account.password },
    });
    await storeSession(otherPage, user, session);
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByRole('article', { name: 'Locked' })).toHaveCount(2);
    await expect(
      otherPage.getByText('Your clipboard is encrypted end to end. Unlock it to read and add clips on this device.'),
    ).toBeVisible();
    await otherPage.screenshot({ path: test.info().outputPath('1-locked-list.png'), fullPage: true });
    await unlockClipboardKey(otherPage, { recoveryKey }, { remember: true });
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByRole('article', { name: 'the door code is 4711' })).toBeVisible();

    // Live: the owner's next save reaches the other device's open clip, opened there.
    await otherPage.goto(`/clips/${clipId}`);
    await expect(otherPage.getByLabel('Clip content')).toHaveValue('the door code is 4711');
    await page.getByLabel('Clip content').fill('the door code is 0815');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Clip updated successfully')).toBeVisible();
    await expect(otherPage.getByLabel('Clip content')).toHaveValue('the door code is 0815');
    await otherPage.screenshot({ path: test.info().outputPath('2-unlocked-clip.png'), fullPage: true });
  } finally {
    await other.close();
  }

  // A shared link carries the clip's own key after the #: someone signed out opens it, the server never reads it.
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('dialog').getByRole('textbox', { name: 'Clip link' }).inputValue();
  expect(link).toMatch(new RegExp(`/clips/${clipId}#k=[\\w-]+$`));
  await page.keyboard.press('Escape');
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByText('the door code is 0815')).toBeVisible();
  } finally {
    await visitor.close();
  }

  // The CLI unlocks with the passphrase and reads and searches the history on the machine.
  const { token } = await api.call(TOKEN_ENDPOINTS.create, {
    body: { name: 'e2e terminal', scopes: ['clips:read', 'clips:write'] },
  });
  const clipsync = await clipsyncCli(test.info().project.use.baseURL ?? '', token);
  await clipsync('unlock');
  expect(await clipsync('ls', '--search', '0815')).toContain('the door code is 0815');
  expect(await clipsync('ls', '--search', 'elm street')).toContain('saved before: 12 Elm Street');

  // The web app's search runs on the device too: the server holds envelopes.
  await page.getByRole('link', { name: 'All Clips' }).click();
  await page.getByRole('searchbox', { name: 'Search clips...' }).fill('elm street');
  await expect(page.getByText('Searched on this device: your clipboard is encrypted end to end')).toBeVisible();
  await expect(page.getByRole('article', { name: 'saved before: 12 Elm Street' })).toBeVisible();
  await expect(page.getByRole('article', { name: /door code/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('3-search.png'), fullPage: true });

  // Turned off with the passphrase: every clip is unsealed on this device first, then the key is forgotten.
  await page.goto('/settings/privacy');
  await unlockClipboardKey(page, { passphrase: PASSPHRASE });
  await clipboardKeyCard(page).getByRole('button', { name: 'Turn off' }).click();
  await clipboardKeyCard(page).getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await clipboardKeyCard(page).getByRole('button', { name: 'Unseal my history and turn off' }).click();
  await expect(toast(page, 'Your clipboard is no longer encrypted end to end')).toBeVisible();
  await expect(clipboardKeyCard(page).getByRole('button', { name: 'Turn on' })).toBeVisible();
  const unsealed = await readOwnedClip(request, account.accessToken, before.id);
  expect(unsealed).toMatchObject({ encrypted: false, content: 'saved before: 12 Elm Street' });
  expect(unsealed.files).toMatchObject([{ name: 'lease.txt' }]);
  expect(await api.call(CLIP_ENDPOINTS.get, { params: { id: clipId } })).toMatchObject({
    encrypted: false,
    content: 'the door code is 0815',
  });
});
