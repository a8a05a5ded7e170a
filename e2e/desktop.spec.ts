import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP_ENDPOINTS } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
/** A block of the desktop, by what it holds (its accessible name is its text's start). */
const block = (page: Page, text: string) => page.getByRole('main').getByRole('article', { name: text });
/** Every e2e test runs from loopback, so they all share one LAN desktop: texts are made unique. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addText(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Desktop' });
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Text added')).toBeVisible();
  await expect(block(page, text)).toBeVisible();
}

/** A block's width on screen, in whole pixels (react-grid-layout animates moves and resizes: poll it). */
const widthOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.width ?? 0);

async function topLeftOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('block not on screen');
  return { x: Math.round(box.x), y: Math.round(box.y) };
}

test('the owner shares the desktop by link; a signed-out visitor adds text there and the owner sees it live', async ({
  page: owner,
  browser,
  request,
}) => {
  test.slow();
  await signIn(owner, request, 'desktop-owner');
  await owner.goto('/desktop');
  await expect(owner.getByRole('heading', { level: 1, name: 'Virtual Desktop' })).toBeVisible();
  const mine = unique('Shopping list');
  await addText(owner, mine);

  await owner.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Share Desktop' });
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Desktop link' }).inputValue();
  expect(link).toMatch(/\/desktop\/shared\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('img', { name: 'QR code of the desktop link' })).toBeVisible();
  await owner.keyboard.press('Escape');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(block(visitor, mine)).toBeVisible();
  const theirs = unique('From the visitor');
  await visitor.getByLabel('Text').fill(theirs);
  await visitor.getByRole('button', { name: 'Add Text' }).click();
  await expect(block(visitor, theirs)).toBeVisible();
  // No reload on the owner's side: the block arrives over the socket.
  await expect(block(owner, theirs)).toBeVisible();

  // A wrong token shows the same not-found words as a revoked one.
  await visitor.goto('/desktop/shared/not-a-real-token');
  await expect(visitor.getByText('Desktop not found or access denied.')).toBeVisible();
  await visitorContext.close();
});

test('a dragged block stays where it was put after a reload', async ({ page, request }) => {
  await signIn(page, request, 'desktop-drag');
  await page.goto('/desktop');
  const text = unique('Move me');
  await addText(page, text);
  const handle = block(page, text).locator('header');
  const before = await topLeftOf(block(page, text));

  const grip = await handle.boundingBox();
  if (!grip) throw new Error('no drag handle');
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 150, grip.y + grip.height / 2 + 120, { steps: 12 });
  await page.mouse.up();
  await expect(toast(page, 'Layout saved')).toBeVisible();
  const dropped = await topLeftOf(block(page, text));
  expect(dropped.x - before.x).toBeGreaterThan(100);
  expect(dropped.y - before.y).toBeGreaterThan(80);

  await page.reload();
  await expect(block(page, text)).toBeVisible();
  const afterReload = await topLeftOf(block(page, text));
  expect(Math.abs(afterReload.x - dropped.x)).toBeLessThanOrEqual(10);
  expect(Math.abs(afterReload.y - dropped.y)).toBeLessThanOrEqual(10);
});

test('a block moved by the arrow keys is saved after the keys settle, not per key, and stays after a reload', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'desktop-keys');
  await page.goto('/desktop');
  const text = unique('Move me by keys');
  await addText(page, text);
  // A newer block: the save puts the moved one above it, which moves the moved one's element in the page.
  await addText(page, unique('Stays put'));
  const before = await topLeftOf(block(page, text));
  const saves: string[] = [];
  page.on('request', (sent) => void (sent.method() === 'PATCH' && saves.push(sent.url())));

  await block(page, text).focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown']) await page.keyboard.press(key);
  await expect(page.getByText(/^Moved to \d+, \d+$/)).toBeAttached();
  await expect(toast(page, 'Layout saved')).toBeVisible();
  // Saved once the keys settle (500 ms): on a loaded machine a pause between presses may make two saves,
  // never one per key.
  expect(saves.length).toBeGreaterThanOrEqual(1);
  expect(saves.length).toBeLessThan(4);
  await expect.poll(() => topLeftOf(block(page, text))).toEqual({ x: before.x + 30, y: before.y + 100 });
  // The save puts the block on top of the other, which moves it in the page: it keeps the focus.
  await expect(block(page, text)).toBeFocused();
  // Alt+Left resizes the block; it is not the browser's Back.
  const width = await widthOf(block(page, text));
  const resizeSaved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByText('Resized to 190 × 150')).toBeAttached();
  expect(new URL(page.url()).pathname).toBe('/desktop');
  await expect.poll(() => widthOf(block(page, text))).toBe(width - 10);

  await resizeSaved;
  await page.reload();
  await expect(block(page, text)).toBeVisible();
  await expect.poll(() => topLeftOf(block(page, text))).toEqual({ x: before.x + 30, y: before.y + 100 });
  await expect.poll(() => widthOf(block(page, text))).toBe(width - 10);
});

test('signed out, /desktop is the LAN desktop and says who can see it', async ({ page }) => {
  await page.goto('/desktop');
  await expect(page.getByRole('heading', { level: 1, name: 'Virtual Desktop' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    'Everyone on this network can see this desktop. Items are removed 24 hours after their last change.',
  );
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  const text = unique('For the house');
  await addText(page, text);
  await page.getByRole('main').getByRole('article', { name: text }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Item deleted')).toBeVisible();
  await expect(block(page, text)).toHaveCount(0);
});

test('on a phone the desktop is one column of all its blocks in screen order; a deletion can be undone', async ({
  page,
  request,
}) => {
  test.slow();
  const { accessToken } = await signIn(page, request, 'desktop-phone');
  // Eight blocks in two rows of four, as a wide screen lays them out: 3 of each row lie past 390 px there.
  const texts = Array.from({ length: 8 }, (_, index) => `Block ${index + 1}`);
  const api = createJourneyApi(request, { token: accessToken });
  for (const [index, content] of texts.entries()) {
    const position = { x: (index % 4) * 210, y: Math.floor(index / 4) * 160 };
    await api.call(DESKTOP_ENDPOINTS.addText, { body: { content, position } });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/desktop');
  await expect(block(page, 'Block 8')).toBeAttached();

  const boxes = [];
  for (const text of texts) {
    const box = await block(page, text).boundingBox();
    if (!box) throw new Error(`${text} is not laid out`);
    boxes.push(box);
  }
  for (const [index, box] of boxes.entries()) {
    // Within the phone's width, all at one left edge, each below the one before (rows read left to right).
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(Math.round(box.x)).toBe(Math.round(boxes[0]?.x ?? 0));
    if (index > 0) expect(box.y).toBeGreaterThan((boxes[index - 1]?.y ?? 0) + (boxes[index - 1]?.height ?? 0) - 1);
  }
  // Nothing to drag on a phone.
  await expect(page.getByTitle('Drag to move; drag the corner to resize')).toHaveCount(0);

  const third = block(page, 'Block 3');
  await third.getByRole('button', { name: 'Copy' }).scrollIntoViewIfNeeded();
  await third.getByRole('button', { name: 'Delete' }).click();
  await expect(third).toHaveCount(0);
  await expect(toast(page, 'Item deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(block(page, 'Block 3')).toBeVisible();

  // Deleted again and left alone: the DELETE goes when the toast's 5 s are over, and a reload agrees.
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/virtual-desktop/items/'),
  );
  await block(page, 'Block 3').getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(204);
  await page.reload();
  await expect(block(page, 'Block 8')).toBeAttached();
  await expect(block(page, 'Block 3')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
});
