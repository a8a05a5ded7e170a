import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('renders the hero, six features, four steps and three plans', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Clipboard Anywhere, Instantly' })).toBeVisible();
    await expect(page.locator('#features li')).toHaveCount(6);
    for (const step of ['Register', 'Create Clipboard', 'Share via QR/Link', 'Collaborate']) {
      await expect(page.locator('#how-it-works').getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.locator('article[data-plan]')).toHaveCount(3);
    await expect(page.getByText('Most Popular')).toBeVisible();
  });

  test('the header turns opaque after scrolling more than 10 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    const background = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  });

  test("'Get Started' goes to /auth?mode=login; Login and Sign Up carry their modes", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=register');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/auth?mode=login');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
  });

  test('the Virtual Desktop button opens /desktop', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Virtual Desktop' }).click();
    await expect(page).toHaveURL(/\/desktop$/);
  });

  test('pricing: monthly prices, then the yearly price per month and the annual total', async ({ page }) => {
    await page.goto('/#pricing');
    const prices = page.getByTestId('plan-price');
    await expect(prices).toHaveText(['$9', '$19', '$29']);
    await page.getByRole('switch', { name: 'Yearly' }).click();
    await expect(prices).toHaveText(['$8', '$16', '$24']);
    for (const total of [90, 190, 290]) await expect(page.getByText(`Billed annually ($${total}/year)`)).toBeVisible();
  });

  test('purchase buttons are disabled while signed out, saying why', async ({ page }) => {
    await page.goto('/#pricing');
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      await expect(page.getByRole('button', { name: `Choose ${plan}` })).toBeDisabled();
    }
    await expect(page.getByText('Please log in to purchase a plan')).toHaveCount(3);
  });

  test('the testimonial dots jump to a slide', async ({ page }) => {
    await page.goto('/#testimonials');
    await page.getByRole('button', { name: 'Show testimonial 3' }).click();
    await expect(page.getByRole('button', { name: 'Show testimonial 3' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Amélie Laurent')).toBeVisible();
  });
});
