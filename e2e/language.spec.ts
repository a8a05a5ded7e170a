import { expect, test } from '@playwright/test';

test('the footer language selector translates the page, sets <html lang> and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre presse-papiers partout, instantanément');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre presse-papiers partout, instantanément');
  await expect(page.getByRole('link', { name: 'Commencer' })).toBeVisible();
});
