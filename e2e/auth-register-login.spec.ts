import { expect, test } from '@playwright/test';
import { latestMailTo, uniqueEmail } from './support/accounts';
import { shotBothSizes } from './support/screenshots';

test('register → open the mailed link → sign in to confirm → /dashboard → log out', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('journey');
  await page.goto('/auth?mode=register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
  await page.getByLabel('Confirm Password').fill('analytical-engine');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!', { exact: true })).toBeVisible();
  // Not a login form the new account cannot use yet: where the link is (no SMTP here: the dev outbox), and the link again.
  const checkEmail = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(checkEmail).toContainText(`Mail is not set up on this server, so no mail was sent to ${email}`);
  await expect(checkEmail.getByRole('link', { name: 'Open the dev outbox' })).toHaveAttribute(
    'href',
    '/api/dev/outbox',
  );
  await shotBothSizes(page, 'check-email', testInfo);
  await page.setViewportSize({ width: 1280, height: 720 });
  await checkEmail.getByRole('button', { name: 'Resend Confirmation Email' }).click();
  await expect(
    page
      .getByText('If this email has an account waiting for confirmation, a new confirmation link has been sent.')
      .first(),
  ).toBeVisible();
  await checkEmail.getByRole('button', { name: 'I have confirmed — go to Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // Logging in before confirming is refused with the server's message.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'confirm your email' })).toBeVisible();

  // The link leads to the sign-in that confirms: with the password this sign-up chose.
  const mail = await latestMailTo(request, email, /Confirm/);
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByRole('heading', { name: 'Sign in to confirm your address' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeVisible();
  // The account's first sign-in is greeted anew; every later one is SPEC's 'Welcome back!' (below).
  await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored).toMatchObject({ email, emailConfirmedAt: expect.any(String) });

  await page.getByRole('complementary').getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out successfully', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

  // Confirmed, the link again lands as confirmed.
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();

  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired confirmation link shows the expired state', async ({ page }) => {
  await page.goto('/email-confirmation?error=access_denied&error_description=Email+link+is+invalid+or+has+expired');
  await expect(page.getByText('The email confirmation link has expired. Please request a new one.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Confirmation Email' })).toBeVisible();
});

test('wrong credentials show the inline error', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
});
