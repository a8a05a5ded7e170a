import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './support/accounts';

/** The serious and critical findings of an axe scan of the page as it stands, one line each. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('an admin finds the token they created in the audit log, exports it as CSV, and sees it under Security events', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(page, request, 'audit');
  const tokenName = `audit journey ${Date.now()}`;

  await page.goto('/settings/tokens');
  await page.getByRole('textbox', { name: 'Name' }).fill(tokenName);
  await page.getByRole('checkbox', { name: /Read clips/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByTestId('new-token')).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).fill('token.created');
  await page.getByRole('textbox', { name: 'Who' }).fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: tokenName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Token created');
  await expect(row).toContainText(admin.email);
  expect(await blockingViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header).toContain('action');
  expect(rows.some((line) => line.includes('"token.created"') && line.includes(tokenName))).toBe(true);
  expect(rows.every((line) => line.includes('"token.created"'))).toBe(true);

  await page.goto('/settings/security-events');
  await expect(page.getByRole('heading', { level: 1, name: 'Security events' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Token created' }).filter({ hasText: tokenName })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the audit log and Security events fit a phone and pass axe', async ({ page, request }) => {
    await signInAdmin(page, request, 'audit');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export JSON Lines' })).toBeVisible();
    // The filters fold away: the entries come first.
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(filters.getByRole('textbox', { name: 'Who' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('audit-filters-phone.png') });
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(filters).toBeHidden();
    // The console's sections scroll sideways; the current one is in view.
    const current = page
      .getByRole('navigation', { name: 'Admin console sections' })
      .getByRole('link', { name: 'Audit log' });
    await expect(current).toBeInViewport({ ratio: 1 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await blockingViolations(page)).toEqual([]);

    await page.goto('/settings/security-events');
    await expect(page.getByRole('heading', { level: 1, name: 'Security events' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
