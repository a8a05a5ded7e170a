import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';

/**
 * No route ever shows the router's developer page ("Unexpected Application Error!"): a page whose code
 * cannot load offers Reload in the app's words, and an old tab after a deploy reloads into the new build by
 * itself, once. The suite blocks service workers (playwright.config.ts), as a first visit or a LAN server
 * over plain http has none.
 */

/** Route chunks are named after their page (Vite): the Rooms page's, whatever its hash. */
const ROOMS_CHUNK = /\/assets\/RoomsPage-[\w-]+\.js$/;

const loadFailure = (page: Page) => page.getByRole('heading', { level: 1, name: 'This page could not load' });
const roomsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Rooms' });

async function openClipsSignedIn(page: Page, request: Parameters<typeof signIn>[1], label: string) {
  await signIn(page, request, label);
  await page.goto('/clips');
  await expect(page.getByRole('heading', { level: 1, name: 'All Clips' })).toBeVisible();
}

const clickRooms = (page: Page) => page.getByRole('navigation').getByRole('link', { name: 'Rooms' }).first().click();

/** Counts the page's loads of a new document (a reload) from now on. */
function countDocumentLoads(page: Page) {
  const loads = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

test('offline, a page whose code cannot load offers Reload, and Reload opens it once back online', async ({
  page,
  context,
  request,
}, testInfo) => {
  await openClipsSignedIn(page, request, 'chunk-offline');
  await context.setOffline(true);
  await clickRooms(page);

  await expect(loadFailure(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('chunk-offline.png') });

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  await expect(loadFailure(page)).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(roomsHeading(page)).toBeVisible();
  await expect(loadFailure(page)).toHaveCount(0);
});

test('a chunk that fails to load once is loaded on its retry, without an error page', async ({ page, request }) => {
  await openClipsSignedIn(page, request, 'chunk-retry');
  let failures = 0;
  await page.route(ROOMS_CHUNK, (route) => {
    if (failures > 0) return route.fallback();
    failures += 1;
    return route.abort('internetdisconnected');
  });
  await clickRooms(page);
  await expect(roomsHeading(page)).toBeVisible();
  expect(failures).toBe(1);
  await expect(loadFailure(page)).toHaveCount(0);
});

test.describe('after a deploy', () => {
  /**
   * A rebuilt asset folder under an open page: the page's build named the Rooms chunk by its old hash, which
   * the server no longer has (404, as the server answers any missing file). A new document gets the new
   * build's index.html, and with it chunk names the server has: modelled by answering 404 to the old page only.
   */
  async function deployUnder(page: Page, options: { isFixedByReload: boolean }) {
    const loads = countDocumentLoads(page);
    const missing: string[] = [];
    await page.route(ROOMS_CHUNK, (route) => {
      if (options.isFixedByReload && loads.count > 0) return route.fallback();
      missing.push(route.request().method());
      return route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' });
    });
    return { loads, missing };
  }

  test('an open page asking for a chunk that is gone reloads by itself once and lands on the page', async ({
    page,
    request,
  }) => {
    await openClipsSignedIn(page, request, 'chunk-deploy');
    const { loads, missing } = await deployUnder(page, { isFixedByReload: true });
    await clickRooms(page);

    await expect(roomsHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/rooms$/);
    expect(loads.count).toBe(1);
    // The old build's chunk was asked for (and retried), then checked for (HEAD) before reloading.
    expect(missing).toContain('HEAD');
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  test('a build still missing the chunk after the reload shows Reload, and never reloads in a loop', async ({
    page,
    request,
  }) => {
    await openClipsSignedIn(page, request, 'chunk-deploy-loop');
    const { loads } = await deployUnder(page, { isFixedByReload: false });
    await clickRooms(page);

    await expect(loadFailure(page)).toBeVisible();
    await expect.poll(() => loads.count).toBe(1);
    await expect(page).toHaveURL(/\/rooms$/);
    // The reloaded page fails as well and checks again: it stays, with its Reload button.
    await page.waitForTimeout(4_000);
    expect(loads.count).toBe(1);
    await expect(loadFailure(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
