import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found page and Return to Home goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clipboard Anywhere, Instantly' })).toBeVisible();
});

test('signed-in routes render their shell with the page title', async ({ page }) => {
  await page.goto('/quick-copy');
  await expect(page.getByText('Copy Anything From Screen Coming Soon')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
});
