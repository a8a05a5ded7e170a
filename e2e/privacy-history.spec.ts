import { expect, test } from '@playwright/test';
import { signIn, signInAdmin } from './support/accounts';
import { blockingViolations } from './support/axe';

// The cap is the whole server's: this journey sets a long one (nothing another journey makes is that old) and
// removes it at its end.
const CAP_DAYS = 3650;

test('"Keep my history for" 1 day is kept after a reload, and the console\'s cap is shown beside it', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, request, 'privacy');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true }).click();
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();

  const keepFor = page.getByRole('combobox', { name: 'Keep my history for' });
  await expect(keepFor).toHaveText('Forever');
  await keepFor.click();
  await page.getByRole('option', { name: '1 day' }).click();
  await page.getByRole('checkbox', { name: 'Also favorites' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Privacy settings saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Keep my history for' })).toHaveText('1 day');
  await expect(page.getByRole('checkbox', { name: 'Also favorites' })).toBeChecked();
  await expect(page.getByTestId('history-cap')).toHaveCount(0);

  // An admin caps every history in the console; the user's page says so.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await signInAdmin(adminPage, request, 'privacy');
    await adminPage.goto('/admin/settings');
    const capField = adminPage.getByRole('spinbutton', { name: 'Keep every history at most (days)' });
    await capField.fill(String(CAP_DAYS));
    await adminPage.getByRole('button', { name: 'Save history limit' }).click();
    await expect(adminPage.getByText('Settings saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('history-cap')).toHaveText(`This server keeps history at most ${CAP_DAYS} days`);
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('privacy-page.png'), fullPage: true });
  } finally {
    await adminPage.goto('/admin/settings');
    await adminPage.getByRole('spinbutton', { name: 'Keep every history at most (days)' }).fill('');
    await adminPage.getByRole('button', { name: 'Save history limit' }).click();
    await expect(adminPage.getByText('Settings saved', { exact: true })).toBeVisible();
    await adminContext.close();
  }
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Keep my history for' })).toHaveText('1 day');
  await expect(page.getByTestId('history-cap')).toHaveCount(0);
});
