import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';

test('an unknown path shows the not-found page and Return to Home goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clipboard Anywhere, Instantly' })).toBeVisible();
});

test('Quick Copy shows its placeholder inside the signed-in shell', async ({ page, request }) => {
  await signIn(page, request, 'quick-copy');
  await page.goto('/quick-copy');
  await expect(page.getByText('Copy Anything From Screen Coming Soon')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
});
