import { expect, test, type Page } from '@playwright/test';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, latestMailTo, signIn, signInAdmin, uniqueEmail } from './support/accounts';
import { createJourneyApi } from './support/api';
import { blockingViolations } from './support/axe';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an admin disables an account (its open page is signed out, its sign-in refused), enables it and grants it a plan', async ({
  browser,
  request,
}) => {
  // Two browsers, three tabs, and each step a round trip: more than the default minute on loaded cores.
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    const userPage = await userContext.newPage();
    await signInAdmin(adminPage, request, 'accounts');
    const member = await signIn(userPage, request, 'disabled');
    await userPage.goto('/dashboard');
    await expect(userPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const otherTab = await userContext.newPage();
    await otherTab.goto('/rooms');
    await expect(otherTab.getByRole('heading', { name: 'Rooms' })).toBeVisible();

    await adminPage.goto(`/admin/users/${member.user.id}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'E2E User' })).toBeVisible();
    await expect(adminPage.getByText(member.email)).toBeVisible();
    expect(await blockingViolations(adminPage)).toEqual([]);

    await adminPage.getByRole('button', { name: 'Disable' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Disable this account?' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect(adminPage.getByText(/^Disabled since/)).toBeVisible();

    // Every open tab is told at once, without a click, and signs out.
    for (const tab of [userPage, otherTab]) {
      await expect(tab.getByText('Account disabled', { exact: true })).toBeVisible();
      await expect(
        tab.getByText('The operator of this server disabled your account, so you have been signed out.', {
          exact: true,
        }),
      ).toBeVisible();
      await expect(tab).toHaveURL(/\/auth$/);
      await expect(tab.getByText('Session Expired')).toHaveCount(0);
    }
    await otherTab.close();
    await logIn(userPage, member.email, member.password);
    await expect(userPage.getByText('This account is disabled')).toBeVisible();

    await adminPage.getByRole('button', { name: 'Enable' }).click();
    await expect(adminPage.getByText('Active', { exact: true })).toBeVisible();
    // Signed in again, the user lands where they were when the session ended.
    await logIn(userPage, member.email, member.password);
    await expect(userPage).toHaveURL(/\/dashboard$/);

    await adminPage.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = adminPage.getByRole('dialog', { name: 'Grant a plan' });
    await grant.getByRole('combobox', { name: 'Plan' }).selectOption('advanced');
    await grant.getByLabel('Until').fill('2027-12-31');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(adminPage.getByTestId('account-plan')).toHaveText(
      'Advanced · granted by an admin · until Dec 31, 2027',
    );
  } finally {
    await adminContext.close();
    await userContext.close();
  }
});

test('at phone size the account page is usable and has no serious accessibility findings, light or dark', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, request, 'accounts');
  const account = await createConfirmedUser(request, 'phone-admin-view');
  const { user } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: account });
  await page.goto(`/admin/users/${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E User' })).toBeVisible();
  const setQuota = page.getByRole('button', { name: 'Set the storage quota' });
  await setQuota.scrollIntoViewIfNeeded();
  await setQuota.click();
  const dialog = page.getByRole('dialog', { name: 'Set the storage quota' });
  await dialog.getByRole('checkbox', { name: "Use the plan's quota" }).uncheck();
  await dialog.getByRole('spinbutton', { name: 'Quota in MB' }).fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('account-storage')).toContainText('of 50 MB · quota set by an admin');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await blockingViolations(page), scheme).toEqual([]);
  }
});

test('an admin creates an account; the person sets their password from the mail and signs in', async ({
  browser,
  request,
}) => {
  const adminContext = await browser.newContext();
  const newcomerContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAdmin(adminPage, request, 'accounts');
    const email = uniqueEmail('created');
    await adminPage.goto('/admin/users');
    await adminPage.getByRole('button', { name: 'Create account' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create an account' });
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('E-mail address').fill(email);
    expect(await blockingViolations(adminPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create and send the link' }).click();
    await expect(adminPage).toHaveURL(/\/admin\/users\/[\w-]+$/);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    await expect(adminPage.getByText('E-mail not confirmed')).toBeVisible();

    const mail = await latestMailTo(request, email, /An account was created for you/);
    expect(mail.text).toContain('An admin of this ClipSync server created an account for you');
    const page = await newcomerContext.newPage();
    await page.goto(mail.links[0] ?? '');
    await page.getByLabel('New Password', { exact: true }).fill('graces-own-secret');
    await page.getByLabel('Confirm New Password').fill('graces-own-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await logIn(page, email, 'graces-own-secret');
    await expect(page).toHaveURL(/\/dashboard$/);

    await adminPage.reload();
    await expect(adminPage.getByText('Active', { exact: true })).toBeVisible();
  } finally {
    await adminContext.close();
    await newcomerContext.close();
  }
});
