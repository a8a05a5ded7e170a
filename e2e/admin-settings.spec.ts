import { expect, test } from '@playwright/test';
import { signInAdmin } from './support/accounts';
import { blockingViolations } from './support/axe';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// The shared e2e server's sign-up mode is never changed here: other journeys sign up at the same time.
test.describe("the admin console's Overview and Settings", () => {
  for (const size of SIZES) {
    test(`an admin opens the Overview and sees the instance's figures and health (${size.name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signInAdmin(page, request, 'overview');
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      const figure = (name: string) => page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd');
      // At least this admin's own account.
      await expect(figure('Users')).toHaveText(/^[1-9][\d,]*$/);
      await expect(figure('Active in the last 7 days')).toHaveText(/^\d[\d,]*$/);
      await expect(figure('File store')).toHaveText('Local disk');
      await expect(figure('Mail queue')).toHaveText(/waiting \(dev outbox\)/);
      const health = page.getByRole('region', { name: 'Health' });
      await expect(health.locator('dt', { hasText: 'Database' }).locator('xpath=following-sibling::dd')).toHaveText(
        'OK',
      );
      await expect(page.getByRole('table').getByRole('row', { name: /share claims expiry/ })).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test('Settings shows who may sign up: Open, from the default, editable (phone size too)', async ({
    page,
    request,
  }) => {
    await signInAdmin(page, request, 'overview');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const mode = page.getByRole('group', { name: 'Who may sign up' });
      await expect(mode.getByRole('radio', { name: /^Open/ })).toBeChecked();
      await expect(mode.getByRole('radio', { name: /^Closed/ })).toBeEnabled();
      await expect(mode.getByText('The default: neither the environment nor the console sets it.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Domains sign-ups are for' })).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
      expect(await blockingViolations(page)).toEqual([]);
    }
  });
});
