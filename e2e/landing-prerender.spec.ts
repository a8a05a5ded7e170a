import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { holdRequests } from './support/hold-requests';

/**
 * The built index.html holds the landing page's HTML (apps/web/prerender.ts), painted before the app's
 * JavaScript runs. These hold the app's entry script back to look at that first paint: the page is there
 * for an English first visit to `/`, and hidden for everyone it would be wrong for (another path, another
 * language, a stored session), who then get the app's own render and never the prerendered page.
 */
const holdAppScript = (page: Page) => holdRequests(page, /\/assets\/index-[^/]+\.js$/);

/** `/` answered with `mark` on its `<html>`, as the server marks it (apps/server/src/plugins/spa.ts). */
async function serveIndexMarked(page: Page, mark: string) {
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<html', `<html ${mark}`);
    const headers = { ...response.headers() };
    // The body is given decoded.
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body: html });
  });
}

const heroHeading = (page: Page) => page.getByRole('heading', { level: 1 });

const TRIAL_BADGE = '7-day free trial · no credit card';
const FREE_BADGE = 'Every feature free on this server';

test.describe('prerendered landing page', () => {
  test('where the server sells plans, the first paint promises the trial, and hydrating keeps it', async ({
    page,
  }, testInfo) => {
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText(TRIAL_BADGE)).toBeVisible();
    await expect(page.getByText(FREE_BADGE)).toBeHidden();
    release();
    await page.mouse.wheel(0, 10);
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(page.getByText(TRIAL_BADGE)).toBeVisible();
    await expect(page.getByText(FREE_BADGE)).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('hero-trial.png') });
  });

  test('where it sells nothing, the first paint says every feature is free, and never the trial', async ({
    page,
  }, testInfo) => {
    // The e2e server sells plans; a server without them marks its index.html so (apps/server/src/plugins/spa.ts,
    // its own test), and that page is what this one gets.
    await serveIndexMarked(page, 'data-payments="off"');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText(FREE_BADGE)).toBeVisible();
    await expect(page.getByText(TRIAL_BADGE)).toBeHidden();
    // Hydrated (its language selector is there), the page still says the same: no flash either way.
    release();
    await page.mouse.wheel(0, 10);
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(page.getByText(FREE_BADGE)).toBeVisible();
    await expect(page.getByText(TRIAL_BADGE)).toBeHidden();
    expect(errors).toEqual([]);
    await page.mouse.wheel(0, -10);
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: testInfo.outputPath(`hero-free-${name}.png`) });
    }
  });

  test('where sign-ups are closed, the first paint offers no Sign Up nor Get Started, and hydrating keeps it so', async ({
    page,
  }, testInfo) => {
    // Closing sign-ups on the shared e2e server would close them for every other test: the server's marking
    // of index.html is its own test (apps/server/src/plugins/spa.test.ts); this page is what it serves.
    await serveIndexMarked(page, 'data-sign-ups="closed"');
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeHidden();
    const firstPaint = await heroHeading(page).boundingBox();
    release();
    await page.mouse.wheel(0, 10);
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeHidden();
    await page.mouse.wheel(0, -10);
    expect(await heroHeading(page).boundingBox()).toEqual(firstPaint);
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: testInfo.outputPath(`hero-closed-${name}.png`) });
    }
  });

  test('with JavaScript off, / still shows the hero, its links and the plans', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(heroHeading(page)).toHaveText('Clipboard Anywhere, Instantly');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?mode=login');
    // The pricing section is in the HTML too: the three plans, their prices and 'Most Popular'.
    await expect(page.locator('article[data-plan]')).toHaveCount(3);
    await expect(page.getByTestId('plan-price')).toHaveText(['$9', '$19', '$29']);
    await expect(page.getByRole('article', { name: 'Pro' })).toContainText('Most Popular');
    await context.close();
  });

  test('an English first visit sees the page before the app starts; the app then adopts it without errors', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(heroHeading(page)).toHaveText('Clipboard Anywhere, Instantly');
    const prerenderedHero = await heroHeading(page).elementHandle();
    release();
    // The app is running once the lazily loaded language selector has replaced its placeholder.
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    // Hydrated, not rebuilt: the heading on screen is the very element the HTML gave.
    expect(await prerenderedHero?.evaluate((element) => element.isConnected)).toBe(true);
    // A hydration mismatch is a console error (React #418 and its kin), then a rebuild of the page.
    expect(errors).toEqual([]);
  });

  test('a French browser never sees the English page: hidden until the app shows it in French', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered]')).toBeAttached();
    await expect(heroHeading(page)).toBeHidden();
    release();
    await expect(heroHeading(page)).toHaveText('Votre presse-papiers partout, instantanément');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });

  test('a signed-in user opening / never sees Login or Get Started: hidden until Go to Dashboard', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'prerender');
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
    release();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  });

  test('another path answered by the same index.html does not show the landing page', async ({ page }) => {
    const release = await holdAppScript(page);
    await page.goto('/no-such-page', { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered]')).toBeAttached();
    await expect(heroHeading(page)).toBeHidden();
    release();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});
