import { expect, test } from '@playwright/test';
import { createConfirmedUser, latestMailTo } from './support/accounts';

test('forgot → reset through the mailed link → the new password works, the old one fails', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedUser(request, 'reset');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent', { exact: true })).toBeVisible();

  const mail = await latestMailTo(request, email, /Reset/);
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abc');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('Confirm New Password').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await page.getByLabel('Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset link without its tokens goes straight to the error', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeVisible();
});
