import { expect, test, type Page } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, latestMailTo, signInAdmin } from './support/accounts';
import { adminEmailOf } from './support/admin-slots';
import { createJourneyApi } from './support/api';
import { createClips } from './support/clips';

/** The visitor, signed out in a browser of their own (an address of their own: the report limit is per address). */
async function reportAsVisitor(page: Page, clipId: string) {
  await page.goto(`/clips/${clipId}`);
  await page.getByRole('button', { name: 'Report this link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this link' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. The operator of this server will look at this link.')).toBeVisible();
}

const WAITING = /^\d+ open reports?$/;

test('a signed-out visitor reports a shared clip: the admin is mailed, counted and shown it first', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.slow();
  const owner = await createConfirmedUser(request, 'reported-owner');
  const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
  const [clipId] = await createClips(request, session.access_token, [`reported text ${Date.now()}`]);

  const visitorContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.57' } });
  await reportAsVisitor(await visitorContext.newPage(), clipId!);
  await visitorContext.close();

  // The mail: whichever report came first in its 15 minutes, it names how many wait and opens the Reports tab.
  const mail = await latestMailTo(request, adminEmailOf('reports'), /^\d+ reported items? waits? for review/);
  expect(mail.links).toHaveLength(1);
  expect(new URL(mail.links[0]!).pathname).toBe('/admin/reports');

  // The account menu: a badge on its trigger and on its Admin entry.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page, request, 'reports');
  await page.goto('/dashboard');
  const trigger = page.getByRole('complementary').getByRole('button', { name: 'Open account menu' });
  await expect(trigger).toHaveAccessibleDescription(WAITING);
  await trigger.click();
  const adminEntry = page.getByRole('link', { name: 'Admin', exact: true });
  await expect(adminEntry).toHaveAccessibleDescription(WAITING);
  await expect(adminEntry.getByTestId('open-reports-badge')).toHaveText(/^\d+$/);
  await page.screenshot({ path: testInfo.outputPath('account-menu-1280.png') });

  // The Overview: the open reports come before anything else, this one among them, linking to its card.
  await adminEntry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const reportsTab = page.getByRole('navigation', { name: 'Admin console sections' }).getByRole('link', {
    name: 'Reports',
  });
  await expect(reportsTab).toHaveAccessibleDescription(WAITING);
  const firstSection = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  await expect(firstSection).toHaveText(WAITING);
  const openReports = page.getByRole('region', { name: WAITING });
  await expect(page.locator('dt').filter({ hasText: /^Users$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('overview-1280.png'), fullPage: true });
  const cardLink = openReports.locator(`a[href="/admin/reports#report-clip-${clipId}"]`);
  await expect(cardLink).toHaveText('Shared clip · 1 report');

  // At phone size: the bottom bar's account button carries the badge too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('overview-390.png'), fullPage: true });
  const bottomTrigger = page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true });
  await expect(bottomTrigger).toHaveAccessibleDescription(WAITING);
  await bottomTrigger.click();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAccessibleDescription(WAITING);
  await page.screenshot({ path: testInfo.outputPath('account-menu-390.png') });
  await page.keyboard.press('Escape');

  // The Overview's link opens the Reports tab on this item's card.
  await cardLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/reports#report-clip-${clipId}$`));
  const card = page.getByRole('listitem', { name: /^Shared clip/ }).filter({ hasText: owner.email });
  await expect(card).toBeInViewport();
});
