import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { holdRequests } from './support/hold-requests';

/**
 * Paid plans through Stripe's hosted checkout, played by the Stripe stand-in (playwright.config.ts): its
 * checkout page's Pay button sends the app a signed `checkout.session.completed` and returns the browser
 * to the success page, as Stripe does.
 */

test('signed out, the purchase buttons are disabled, saying why', async ({ page }) => {
  await page.goto('/#pricing');
  for (const plan of ['Basic', 'Pro', 'Advanced']) {
    const button = page.getByRole('button', { name: `Choose ${plan}` });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Please log in to purchase a plan');
  }
});

test("signed in, choosing Pro reads 'Redirecting...' and lands on the stand-in's checkout for Pro's price", async ({
  page,
  request,
}) => {
  await signIn(page, request, 'billing-choose');
  // The checkout call is held until the button's wait has been seen.
  const releaseCheckout = await holdRequests(page, '**/api/stripe/checkout');
  // signIn stores the session from a page that runs no app script (`/api/health`): the landing page reads it.
  await page.goto('/');
  // The app's own render, signed in, replaces the prerendered page (hidden meanwhile): scroll only once it is there.
  await expect(page.getByText('Go to Dashboard')).toBeVisible();
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await expect(page.getByText('Please log in to purchase a plan')).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  releaseCheckout();
  await expect(page).toHaveURL(/\/checkout\/cs_test_\w+$/);
  await expect(page.getByTestId('checkout-price')).toHaveText('price_pro_month');
});

test('after a signed checkout.session.completed the billing page and the shell show the plan', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'billing-buy');
  await page.goto('/billing');
  await expect(page.getByTestId('billing-plan')).toContainText('Trial: 7 days left');
  await expect(page.getByTestId('plan-status').first()).toHaveText('Trial: 7 days left');

  await page.getByRole('switch', { name: 'Yearly' }).click();
  await page.getByRole('button', { name: 'Choose Advanced' }).click();
  await expect(page.getByTestId('checkout-price')).toHaveText('price_advanced_year');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/billing\/success\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expect(page.getByText('Your Advanced plan is active.')).toBeVisible();
  await page.getByRole('link', { name: 'View billing' }).click();
  await expect(page.getByTestId('billing-plan')).toHaveText(/^Advanced plan/);
  await expect(page.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  await expect(page.getByTestId('plan-status').first()).toHaveText('Advanced plan');
});

test('leaving checkout returns to a page that says nothing was charged', async ({ page, request }) => {
  await signIn(page, request, 'billing-cancel');
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_\w+$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/billing\/cancel$/);
  await expect(page.getByText('Nothing was charged. You can choose a plan whenever you like.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(page.getByTestId('billing-plan')).toContainText('Trial: 7 days left');
});
