import { expect, test } from '@playwright/test';
import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { startOtherSite } from './support/other-site';
import { waitForWorkerControl } from './support/service-worker';

// Several shares waiting in the installed app (pwa.spec.ts has the single share): the worker keeps each.
// The rest of the suite blocks service workers (playwright.config.ts): this spec is about them.
test.use({ serviceWorkers: 'allow' });

test('posts from two other sites both wait, each named as another website, and both are saved', async ({
  page,
  request,
  baseURL,
}) => {
  const { accessToken } = await signIn(page, request, 'share-two-sites');
  await page.goto('/dashboard');
  await waitForWorkerControl(page);
  const shareTarget = new URL('/share-target', baseURL).href;
  const [news, shop] = await Promise.all([startOtherSite(shareTarget), startOtherSite(shareTarget)]);
  try {
    // Any site's form may post to the share target: the second post must not replace the first.
    for (const [site, text] of [
      [news, 'Posted by the news site'],
      [shop, 'Posted by the shop'],
    ] as const) {
      await page.goto(site.pageSharing(text));
      await page.getByRole('button', { name: 'Share to ClipSync' }).click();
      await expect(page).toHaveURL(new URL('/share', baseURL).href);
    }
    const waiting = page.getByRole('list', { name: 'Waiting shares' });
    await expect(waiting.getByRole('listitem', { name: /^Sent by another website/ })).toHaveCount(2);
    const fromNews = page.getByRole('listitem', { name: `Sent by another website: ${news.origin}` });
    const fromShop = page.getByRole('listitem', { name: `Sent by another website: ${shop.origin}` });
    await expect(fromNews).toContainText('Posted by the news site');
    await expect(fromNews).toContainText('Save it only if you shared it yourself.');
    await expect(fromShop).toContainText('Posted by the shop');
    await expect(fromShop).toContainText('Just now');

    await fromNews.getByRole('button', { name: 'Save as a clip' }).click();
    await expect(page.getByText('Saved as a clip', { exact: true })).toBeVisible();
    await expect(fromNews).toHaveCount(0);
    // A reload reads the inbox again: the saved share is gone from it, the other still waits.
    await page.reload();
    await expect(fromNews).toHaveCount(0);
    await fromShop.getByRole('button', { name: 'Save as a clip' }).click();
    await expect(page).toHaveURL(/\/clips\/[\w-]+$/);

    const history = await createJourneyApi(request, { token: accessToken }).call(CLIP_ENDPOINTS.history);
    expect(history.map((clip) => clip.content).sort()).toEqual(['Posted by the news site', 'Posted by the shop']);
  } finally {
    await Promise.all([news.close(), shop.close()]);
  }
});

test('with 10 shares waiting, one more is refused and the share page says so; none that waits is pushed out', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'share-bound');
  await page.goto('/dashboard');
  await waitForWorkerControl(page);
  // The worker catches the page's own POSTs to /share-target too; a fetch is quicker than eleven navigations.
  const landings = await page.evaluate(async () => {
    const urls: string[] = [];
    for (let index = 1; index <= 11; index += 1) {
      const form = new FormData();
      form.append('text', `Share number ${index}`);
      urls.push((await fetch('/share-target', { method: 'POST', body: form })).url);
    }
    return urls.map((url) => new URL(url).pathname + new URL(url).search);
  });
  expect(landings).toEqual([...Array<string>(10).fill('/share'), '/share?not-received=full']);

  await page.goto(landings[10] ?? '');
  await expect(page.getByRole('alert')).toHaveText(
    'This share was not kept: 10 shares are already waiting on this device. Save or discard some, then share again.',
  );
  const waiting = page.getByRole('list', { name: 'Waiting shares' });
  await expect(waiting.getByRole('listitem')).toHaveCount(10);
  await expect(waiting.getByRole('listitem').first()).toContainText('Share number 1');
  await expect(waiting.getByRole('listitem').last()).toContainText('Share number 10');
});
