import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { holdRequests } from './support/hold-requests';

/**
 * The prerendered landing page hydrates on its first use, or once it has sat idle a while after loading
 * (apps/web/src/app/deferred-hydration.ts): these hold it to doing, at the first input, what a hydrated page
 * does, and to booting at once for whoever is not an English first visit to the top of `/`.
 */
const LANDING_CHUNK = /\/assets\/LandingPage-[^/]+\.js$/;
/** The pricing plans' own chunk, which hydrates after the page (features/landing/Pricing.tsx). */
const PRICING_PLANS_CHUNK = /\/assets\/PricingPlans-[^/]+\.js$/;
/** What the idle fallback leaves room for: less than its 5 s, more than a loaded machine's start-up. */
const SOONER_THAN_IDLE = { timeout: 4000 };

/** Opens `/` and waits until the app could hydrate (its script and the route's chunk have loaded). */
async function openLanding(page: Page) {
  const landingChunk = page.waitForResponse(LANDING_CHUNK);
  await page.goto('/');
  await landingChunk;
}

const languageSelect = (page: Page) => page.getByRole('combobox', { name: 'Language' });
const themeButton = (page: Page, choice: string) => page.getByRole('button', { name: `Theme: ${choice}` });

test.describe('landing page hydrated on first use', () => {
  test('loading alone does not hydrate the page; scrolling does', async ({ page }) => {
    await openLanding(page);
    await page.waitForLoadState('load');
    // The language selector is fetched only by the hydrated page: its absence says the page is not.
    await page.waitForTimeout(1500);
    await expect(languageSelect(page)).toHaveCount(0);
    await page.mouse.wheel(0, 400);
    await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'true');
    await expect(languageSelect(page)).toBeAttached();
  });

  test('left alone, the page hydrates by itself once idle', async ({ page }) => {
    await openLanding(page);
    await expect(languageSelect(page)).toBeAttached();
  });

  test('the first press, on the theme button, changes the theme', async ({ page }) => {
    await openLanding(page);
    await themeButton(page, 'System').click();
    await expect(themeButton(page, 'Light')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('clipsync.theme'))).toBe('light');
  });

  test('a press made while the page cannot hydrate yet is done once it has', async ({ page }) => {
    const release = await holdRequests(page, LANDING_CHUNK);
    await page.goto('/');
    await themeButton(page, 'System').click();
    release();
    await expect(themeButton(page, 'Light')).toBeVisible();
  });

  test('the first press on Monthly/Yearly, made while the plans cannot hydrate yet, shows the yearly prices', async ({
    page,
  }, testInfo) => {
    const release = await holdRequests(page, PRICING_PLANS_CHUNK);
    const plansRequested = page.waitForRequest(PRICING_PLANS_CHUNK);
    await openLanding(page);
    const yearly = page.getByRole('switch', { name: 'Yearly' });
    await yearly.click();
    // The press woke the page, which now wants the plans' code: the press is not lost while it comes.
    await plansRequested;
    release();
    await expect(yearly).toBeChecked();
    await expect(page.getByTestId('plan-price')).toHaveText(['$8', '$16', '$24']);
    await expect(page.getByText('Billed annually ($190/year)')).toBeVisible();
    await page.locator('#pricing').screenshot({ path: testInfo.outputPath('pricing-yearly.png') });
  });

  test("'?' as the first key opens the shortcuts dialog", async ({ page }) => {
    await openLanding(page);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });

  test('the first click, on Sign Up, opens registration', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  });

  test('opened at a section, the page hydrates at once: its header is opaque', async ({ page }) => {
    await page.goto('/#pricing');
    await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'true', SOONER_THAN_IDLE);
  });

  test('a signed-in visitor gets Dashboard and Logout at once, without touching the page', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'hydration');
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible(SOONER_THAN_IDLE);
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  });
});
