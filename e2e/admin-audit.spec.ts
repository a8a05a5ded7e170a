import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, signIn, signInAdmin, storeSession } from './support/accounts';
import { createClips } from './support/clips';
import { createJourneyApi } from './support/api';
import { blockingViolations } from './support/axe';

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
  await expect(row).toContainText(`${admin.email} created the token “${tokenName}”`);
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

test('an admin disables an account and grants it a plan: the log reads sentences with names, the user reads what changed', async ({
  browser,
  request,
}) => {
  // Two people, six actions and two pages at two sizes: more than one default timeout on a loaded machine.
  test.slow();
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const userContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await adminContext.newPage();
    const userPage = await userContext.newPage();
    await signInAdmin(page, request, 'audit');
    const member = await signIn(userPage, request, 'audit-subject');

    await page.goto(`/admin/users/${member.user.id}`);
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable this account?' }).getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(/^Disabled since/)).toBeVisible();
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant a plan' });
    await grant.getByRole('combobox', { name: 'Plan' }).selectOption('advanced');
    await grant.getByLabel('Until').fill('2027-12-31');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(page.getByTestId('account-plan')).toContainText('Advanced');

    await page.goto('/admin/audit');
    await page.getByRole('textbox', { name: 'Account (user id)' }).fill(member.user.id);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row').filter({ hasText: `E2E User disabled ${member.email}` })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: `E2E User enabled ${member.email} again` })).toHaveCount(1);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Advanced plan granted to ${member.email} until Dec 31, 2027 by E2E User` }),
    ).toHaveCount(1);
    await expect(table).not.toContainText('adminAccount.');
    await expect(table).not.toContainText(`user ${member.user.id}`);
    await page.screenshot({ path: test.info().outputPath('audit-sentences-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('audit-sentences-phone.png'), fullPage: true });
    expect(await blockingViolations(page)).toEqual([]);

    // Disabling ended the user's sessions: they sign in anew and read what the admin changed.
    const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, {
      body: { email: member.email, password: member.password },
    });
    await storeSession(userPage, user, session);
    await userPage.goto('/settings/security-events');
    await expect(userPage.getByRole('listitem', { name: 'An admin disabled your account' })).toBeVisible();
    await expect(userPage.getByRole('listitem', { name: 'An admin enabled your account again' })).toBeVisible();
    await expect(
      userPage.getByRole('listitem', { name: 'An admin granted you the Advanced plan until Dec 31, 2027' }),
    ).toBeVisible();
    await expect(userPage.getByText('An admin changed your account')).toHaveCount(0);
    await userPage.screenshot({ path: test.info().outputPath('security-events-desktop.png'), fullPage: true });
    await userPage.setViewportSize({ width: 390, height: 844 });
    await userPage.screenshot({ path: test.info().outputPath('security-events-phone.png'), fullPage: true });
    expect(await blockingViolations(userPage)).toEqual([]);
  } finally {
    await adminContext.close();
    await userContext.close();
  }
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the audit log and Security events fit a phone and pass axe', async ({ page, request }) => {
    // An open report: the Reports tab's badge, loaded after the page, widens that tab and moves Audit log.
    const owner = await createConfirmedUser(request, 'audit-phone-owner');
    const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
    const [clipId] = await createClips(request, session.access_token, [`reported ${Date.now()}`]);
    const report = await request.post('/api/reports', {
      data: { kind: 'clip', link: clipId, reason: 'spam' },
      headers: { 'X-Forwarded-For': '192.0.2.58' },
    });
    expect(report.status()).toBe(204);
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
    // Whole, but for a fraction of a pixel: the badge's width need not be a whole pixel.
    await expect(current).toBeInViewport({ ratio: 0.99 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await blockingViolations(page)).toEqual([]);

    await page.goto('/settings/security-events');
    await expect(page.getByRole('heading', { level: 1, name: 'Security events' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
