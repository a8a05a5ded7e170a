import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { signIn } from './support/accounts';
import { createClips } from './support/clips';

/**
 * The README's screenshots, taken from the running app so that they show what users see today. Every test
 * run takes them and attaches them to the report; `npm run screenshots` (UPDATE_SCREENSHOTS=1) also writes
 * them to docs/screenshots/, where the README links them.
 */
const screenshotsDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });

async function keep(page: Page, name: string) {
  const image = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await test.info().attach(name, { body: image, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({ path: `${screenshotsDir}${name}`, animations: 'disabled', caret: 'hide' });
  }
}

test('the landing page, as a first-time visitor sees it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await keep(page, 'landing.png');
});

test('a shared clip, followed live by a signed-out viewer', async ({ page, request, browser }) => {
  const { accessToken } = await signIn(page, request, 'screenshots');
  const [clipId] = await createClips(request, accessToken, [
    'Meeting notes — Thursday\n\n- Ship the share sheet\n- Review the LAN consent dialog\n- Wi-Fi: guest / ask Sam',
  ]);

  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const viewer = await viewerContext.newPage();
  // The viewer follows the clip once the server acknowledges its `clip:join`; only then can a save reach it.
  const viewerFollows = viewer
    .waitForEvent('websocket')
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('{"ok":true}')));
  await viewer.goto(`/clips/${clipId}`);
  await viewerFollows;

  await page.goto(`/clips/${clipId}`);
  const edited =
    'Meeting notes — Thursday\n\n- Ship the share sheet\n- Review the LAN consent dialog\n- Book the demo room';
  await page.getByLabel('Clip content').fill(edited);
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(viewer.getByLabel('Clip content')).toHaveValue(edited);
  await expect(viewer.getByText('Live', { exact: true })).toBeVisible();
  await keep(viewer, 'clip-live.png');
  await viewerContext.close();
});
