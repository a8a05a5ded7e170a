import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { attachFile, createClips } from './support/clips';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the dashboard works from the keyboard alone: skip link, copy a card, favourite it, open it', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { accessToken } = await signIn(page, request, 'keyboard');
  await createClips(request, accessToken, ['typed without a mouse']);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Recent Clips' }).getByRole('article').first();
  await expect(card).toContainText('typed without a mouse');

  // The first Tab offers the skip link; following it starts the next Tab inside the page, past the sidebar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

  await tabTo(page, card.getByRole('button', { name: 'Copy clip' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('typed without a mouse');

  const favorite = card.getByRole('button', { name: /favorite/i });
  await tabTo(page, favorite);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Added to favorites')).toBeVisible();

  // Sharing opens a dialog; Escape closes it and gives the focus back to the button that opened it.
  const share = card.getByRole('button', { name: /share/i });
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Share Clip' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(share).toBeFocused();

  await tabTo(page, card.getByRole('link').first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Shared Clip' })).toBeVisible();
  await expect(page.getByText('Your clip', { exact: true })).toBeVisible();
  // The clip page keeps the signed-in layout around it.
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Clipboards' })).toBeVisible();
});

test('an image thumbnail opens a larger preview', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'preview');
  const [clipId] = await createClips(request, accessToken, ['with a picture']);
  await attachFile(request, accessToken, clipId ?? '', {
    name: 'pixel.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.goto(`/clips/${clipId}`);
  await page.getByRole('button', { name: 'Open a larger preview of pixel.png' }).click();
  const preview = page.getByRole('dialog', { name: 'pixel.png' });
  await expect(preview.getByRole('img', { name: 'Preview of pixel.png' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the landing page folds its links into a menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'ClipSync' });
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await menu.getByRole('link', { name: 'Pricing' }).tap();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
  });

  test('the editor says what a tap does instead of drop and Ctrl+V', async ({ page, request }) => {
    await signIn(page, request, 'touch');
    await page.goto('/new-clip');
    await expect(page.getByRole('heading', { level: 1, name: 'New Clip' })).toBeVisible();
    await expect(page.getByText('Tap Upload File to add files, or paste text')).toBeVisible();
    await expect(page.getByText('Drop files or paste (Ctrl+V)')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});
