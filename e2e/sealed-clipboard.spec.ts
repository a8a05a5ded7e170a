import { AUTH_ENDPOINTS, CLIP_ENDPOINTS } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { signIn, storeSession } from './support/accounts';
import { createJourneyApi } from './support/api';
import { turnOnClipboardKey, unlockClipboardKey } from './support/clipboard-key';

const PASSPHRASE = 'correct horse battery staple';
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('an encrypted clipboard: clips sealed on one device, read live on another unlocked with the recovery key, shared by link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await signIn(page, request, 'sealed-clipboard');
  const recoveryKey = await turnOnClipboardKey(page, PASSPHRASE);

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
  const api = createJourneyApi(request, { token: account.accessToken });
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
    await expect(otherPage.getByRole('article', { name: 'Locked' })).toBeVisible();
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
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByText('the door code is 0815')).toBeVisible();
  } finally {
    await visitor.close();
  }
});
