import { expect, test } from '@playwright/test';
import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips, readOwnedClip } from './support/clips';

test('one signed-out visit to a plain shared clip is one entry in its view log; a second visit is a second', async ({
  page,
  request,
  browser,
}) => {
  const { accessToken } = await signIn(page, request, 'view-log-once');
  const [clipId] = await createClips(request, accessToken, ['shared once, counted once']);
  const api = createJourneyApi(request, { token: accessToken });
  const viewCount = async () => (await api.call(CLIP_ENDPOINTS.views, { params: { id: clipId ?? '' } })).views.length;

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // The page reads the clip, joins its live updates, then reads it again for a save it may have missed:
  // the log is counted once both reads have been answered.
  let reads = 0;
  visitor.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/clipboard/${clipId}`) reads += 1;
  });
  await visitor.goto(`/clips/${clipId}`);
  await expect(visitor.getByLabel('Clip content')).toHaveValue('shared once, counted once');
  await expect(visitor.getByText('Live', { exact: true })).toBeVisible();
  await expect.poll(() => reads).toBe(2);
  expect(await viewCount()).toBe(1);

  // A reload is a new visit.
  await visitor.reload();
  await expect(visitor.getByLabel('Clip content')).toHaveValue('shared once, counted once');
  await expect.poll(() => reads).toBe(4);
  expect(await viewCount()).toBe(2);
  await visitorContext.close();
});

test('after the first Ctrl+Enter save of a new clip the caret stays where it was, and typing goes on there', async ({
  page,
  request,
}) => {
  const { accessToken } = await signIn(page, request, 'caret-stays');
  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  const content = page.getByLabel('Clip content');
  await expect(content).toBeFocused();
  await page.keyboard.type('typing after the first save');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
  const clipId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(content).toHaveValue('typing after the first save');
  await expect(content).toBeFocused();

  await page.keyboard.type(' and more');
  await expect(content).toHaveValue('typing after the first save and more');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Clip updated successfully', { exact: true }).first()).toBeVisible();
  const saved = await readOwnedClip(request, accessToken, clipId);
  expect(saved.content).toBe('typing after the first save and more');
});

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1920, height: 1080 },
] as const;

test('every clip card action lies inside its card and takes the click, at every width; the clip page deletes too', async ({
  page,
  request,
}) => {
  test.slow();
  const { accessToken } = await signIn(page, request, 'card-actions');
  const asOwner = { headers: { authorization: `Bearer ${accessToken}` } };
  const ids = await createClips(
    request,
    accessToken,
    Array.from({ length: 8 }, (_, index) => `card number ${index + 1} with a line long enough to wrap in a card`),
  );
  const api = createJourneyApi(request, { token: accessToken });
  for (const id of ids.slice(0, 2)) await api.call(CLIP_ENDPOINTS.toggleFavorite, { params: { id } });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/dashboard');
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(8);
      await page.screenshot({ path: `test-results/clip-pages-cards-${size.name}-${scheme}.png` });
    }
    const buttons = page.getByRole('main').getByRole('article').getByRole('button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(8 * 5);
    for (const button of await buttons.all()) {
      const name = `${size.name}: ${await button.getAttribute('aria-label')}`;
      // In the middle of the screen: a phone's bottom navigation covers whatever sits at the very bottom.
      const where = await button.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
        const box = element.getBoundingClientRect();
        const card = element.closest('article')?.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          isInsideCard:
            card !== undefined &&
            box.left >= card.left &&
            box.top >= card.top &&
            box.right <= card.right &&
            box.bottom <= card.bottom,
          isOnScreen: box.left >= 0 && box.right <= window.innerWidth,
          takesTheClick: hit !== null && element.contains(hit),
        };
      });
      expect(where, name).toEqual({ isInsideCard: true, isOnScreen: true, takesTheClick: true });
    }
  }

  // The clip page (the owner's editor) has Delete: the card's question, then the list and 'Clip deleted'.
  const doomed = ids[7] ?? '';
  for (const size of SIZES.slice(0, 2)) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/clips/${doomed}`);
      await expect(page.getByRole('button', { name: 'Delete clip' })).toBeVisible();
      await page.screenshot({ path: `test-results/clip-pages-editor-${size.name}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByLabel('Clip content').fill('edited, then deleted without saving');
  await page.getByRole('button', { name: 'Delete clip' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this clip?' });
  await expect(confirm).toContainText('The clip and its files are deleted for good');
  await confirm.screenshot({ path: 'test-results/clip-pages-editor-confirm.png' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Clip deleted', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
  expect((await request.get(`/api/clipboard/${doomed}`, asOwner)).status()).toBe(404);
});

test('a one-time link tells its viewer that leaving or reloading spends the view; every ended link reads the same', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { accessToken } = await signIn(page, request, 'one-time-link');
  const api = createJourneyApi(request, { token: accessToken });
  const [oneTime, plain] = await createClips(request, accessToken, ['for your eyes once', 'for anyone, until stopped']);
  const { linkId } = await api.call(CLIP_ENDPOINTS.updateShare, {
    params: { id: oneTime ?? '' },
    body: { maxViews: 1 },
  });

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  for (const size of SIZES.slice(0, 2)) {
    await viewer.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await viewer.emulateMedia({ colorScheme: scheme });
      await viewer.goto(`/clips/${linkId}`);
      await expect(
        viewer.getByText(
          'Showing it spends one view. This is its last view: once it is shown, leaving or reloading this page ends the link.',
        ),
      ).toBeVisible();
      await viewer.screenshot({ path: `test-results/clip-pages-one-time-card-${size.name}-${scheme}.png` });
    }
  }
  await viewer.getByRole('button', { name: 'Show clip' }).click();
  await expect(viewer.getByLabel('Clip content')).toHaveValue('for your eyes once');
  await expect(
    viewer.getByText(
      'This was the link’s last view: leaving or reloading this page ends it. Copy or download what you need first.',
    ),
  ).toBeVisible();
  for (const size of SIZES.slice(0, 2)) {
    await viewer.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await viewer.emulateMedia({ colorScheme: scheme });
      await viewer.screenshot({ path: `test-results/clip-pages-one-time-open-${size.name}-${scheme}.png` });
    }
  }
  await viewer.reload();
  await expect(viewer.getByRole('alert')).toHaveText('This link no longer works');
  await expect(viewer.getByText('Ask whoever shared it with you for a new link.', { exact: false })).toBeVisible();
  await viewer.screenshot({ path: 'test-results/clip-pages-ended-phone-dark.png' });

  // A plain link stopped while someone reads it: the same words, not "deleted by its owner".
  await viewer.setViewportSize(SIZES[0]);
  await viewer.emulateMedia({ colorScheme: 'light' });
  await viewer.goto(`/clips/${plain}`);
  await expect(viewer.getByLabel('Clip content')).toHaveValue('for anyone, until stopped');
  await expect(viewer.getByText('Live', { exact: true })).toBeVisible();
  await api.call(CLIP_ENDPOINTS.removeShare, { params: { id: plain ?? '' } });
  await expect(viewer.getByRole('alert')).toHaveText('This link no longer works');
  await viewer.screenshot({ path: 'test-results/clip-pages-ended-laptop-light.png' });
  await viewerContext.close();
});
