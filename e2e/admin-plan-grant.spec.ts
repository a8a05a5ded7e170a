import { expect, test } from '@playwright/test';
import { signIn, signInAdmin } from './support/accounts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test("a plan the admin grants shows on the user's billing page, with its end and the storage it gives", async ({
  browser,
  request,
}, testInfo) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    const userPage = await userContext.newPage();
    await signInAdmin(adminPage, request, 'accounts');
    const member = await signIn(userPage, request, 'granted');

    await adminPage.goto(`/admin/users/${member.user.id}`);
    await adminPage.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = adminPage.getByRole('dialog', { name: 'Grant a plan' });
    await grant.getByRole('combobox', { name: 'Plan' }).selectOption('pro');
    await grant.getByLabel('Until').fill('2027-06-30');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(adminPage.getByTestId('account-plan')).toHaveText('Pro · granted by an admin · until Jun 30, 2027');

    await userPage.goto('/billing');
    const granted = userPage.getByRole('region', { name: "Granted by this server's admin" });
    await expect(granted.getByText('Pro plan')).toBeVisible();
    await expect(granted.getByText('Until Jun 30, 2027')).toBeVisible();
    await expect(granted.getByText(/^10 GB of storage, .+ used$/)).toBeVisible();

    for (const size of SIZES) {
      for (const [page, what] of [
        [userPage, 'billing'],
        [adminPage, 'console-user'],
      ] as const) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.screenshot({ path: testInfo.outputPath(`${what}-${size.name}.png`), fullPage: true });
      }
    }
  } finally {
    await adminContext.close();
    await userContext.close();
  }
});
