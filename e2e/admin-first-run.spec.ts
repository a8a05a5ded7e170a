import AxeBuilder from '@axe-core/playwright';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, uniqueEmail } from './support/accounts';
import { createJourneyApi } from './support/api';
import { FIRST_RUN_SIZES, firstRunBaseUrlOf } from './support/first-run-server';

/**
 * A server's first run, at each screen size on a first-run server of its own (fresh, no ADMIN_EMAILS), which no
 * other journey uses: the first account to sign up is its admin, who closes sign-ups in the console and lets the
 * next person in by an invitation. Closing sign-ups there cannot refuse another journey's sign-up, so the mode
 * is left closed.
 */

const PASSWORD = 'first-run-password-1';

async function fillSignUp(page: Page, name: string, email?: string) {
  await page.getByLabel('Name').fill(name);
  if (email !== undefined) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Serious and critical axe findings of the page as it stands, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const size of FIRST_RUN_SIZES) {
  test.describe(`on a fresh server (${size.name})`, () => {
    const baseURL = firstRunBaseUrlOf(size);
    const viewport = { width: size.width, height: size.height };
    test.use({ baseURL, viewport });

    test(`first run: the first account is the admin, who closes sign-ups and invites the next person by e-mail (${size.name})`, async ({
      page,
      request,
      browser,
    }) => {
      // Three browsers and a dozen pages on two loaded cores.
      test.slow();
      const adminEmail = uniqueEmail('first-admin');
      const inviteeEmail = uniqueEmail('invitee');
      const api = createJourneyApi(request);
      const sections = page.getByRole('navigation', { name: 'Admin console sections' });

      await test.step('the first account to confirm its address becomes the admin', async () => {
        await page.goto('/auth?mode=register');
        await expect(page.getByRole('note')).toHaveText(
          'This server has no admin yet: the first account to confirm its e-mail address will administer it.',
        );
        await fillSignUp(page, 'First Admin', adminEmail);
        await expect(page.getByText('Account created!', { exact: true })).toBeVisible();
        const mail = await latestMailTo(request, adminEmail, /Confirm/);
        await page.goto(mail.links[0] ?? '');
        await expect(page.getByRole('heading', { name: 'Sign in to confirm your address' })).toBeVisible();
        await page.getByLabel('Email').fill(adminEmail);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        // The account's first sign-in is greeted anew; SPEC's 'Welcome back!' is for the later ones.
        await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
        await expect(page.getByText('Welcome back!', { exact: true })).toHaveCount(0);
        await expect(page).toHaveURL(/\/dashboard$/);
        const { user } = await api.call(AUTH_ENDPOINTS.login, { body: { email: adminEmail, password: PASSWORD } });
        expect(user.role).toBe('admin');
      });

      await test.step('the admin opens the console from the account menu and closes sign-ups in Settings', async () => {
        // The sidebar's menu on a desktop, the bottom bar's on a phone: the one on screen.
        await page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true }).click();
        await page.getByRole('link', { name: 'Admin', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
        // Counted as the page opens, not at the server's start: the admin is a user, and an active one.
        const figure = (name: string) => page.locator('dt', { hasText: name }).locator('+ dd');
        await expect(figure('Users')).toHaveText('1');
        await expect(figure('Active in the last 7 days')).toHaveText('1');
        await sections.getByRole('link', { name: 'Settings' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        const mode = page.getByRole('group', { name: 'Who may sign up' });
        await expect(mode.getByRole('radio', { name: /^Open/ })).toBeChecked();
        expect(await axeFindings(page)).toEqual([]);
        await mode.getByRole('radio', { name: /^Closed/ }).check();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Settings saved').first()).toBeVisible();
        await page.reload();
        await expect(mode.getByRole('radio', { name: /^Closed/ })).toBeChecked();
      });

      await test.step('a signed-out visitor is told on the landing and sign-up pages, and refused', async () => {
        const stranger = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
        const visitor = await stranger.newPage();
        await visitor.goto('/');
        await expect(visitor.getByText('Sign-ups are closed on this server')).toBeVisible();
        await visitor.goto('/auth?mode=register');
        await expect(visitor.getByRole('note')).toHaveText('Sign-ups are closed on this server');
        const strangerEmail = uniqueEmail('stranger');
        await fillSignUp(visitor, 'Stranger', strangerEmail);
        await expect(visitor.getByRole('alert')).toHaveText('Sign-ups are closed on this server');
        await stranger.close();
        // Refused, not merely hidden: no account, so no sign-in.
        await expect(
          api.call(AUTH_ENDPOINTS.login, { body: { email: strangerEmail, password: PASSWORD } }),
        ).rejects.toThrow();
      });

      await test.step('the admin invites an address from the Invitations section', async () => {
        await sections.getByRole('link', { name: 'Invitations' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
        await page.getByRole('textbox', { name: 'E-mail address' }).fill(inviteeEmail);
        await page.getByRole('button', { name: 'Send invitation' }).click();
        await expect(page.getByText(`Invitation sent to ${inviteeEmail}`, { exact: true })).toBeVisible();
        const row = page.getByRole('listitem', { name: inviteeEmail });
        await expect(row.getByText('Pending')).toBeVisible();
        expect(await axeFindings(page)).toEqual([]);
      });

      await test.step('the invitee opens the mailed link and signs up with the address filled, signed in at once', async () => {
        const mail = await latestMailTo(request, inviteeEmail, /invited/);
        const link = mail.links.find((candidate) => candidate.includes('/register?invitation=')) ?? '';
        expect(link.startsWith(`${baseURL}/register?invitation=`)).toBe(true);
        const inviteeContext = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
        const invitee = await inviteeContext.newPage();
        await invitee.goto(link);
        await expect(invitee.getByText('You were invited to this server')).toBeVisible();
        const email = invitee.getByLabel('Email');
        await expect(email).toHaveValue(inviteeEmail);
        await expect(email).not.toBeEditable();
        await expect(invitee.getByRole('note')).toHaveCount(0);
        await fillSignUp(invitee, 'Invited Person');
        await expect(invitee).toHaveURL(/\/dashboard$/);
        await expect(invitee.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
        await inviteeContext.close();
      });

      await test.step('the admin sees the invitation accepted; the invitee is a member, not an admin', async () => {
        await page.reload();
        await expect(page.getByRole('listitem', { name: inviteeEmail }).getByText('Accepted')).toBeVisible();
        const { user } = await api.call(AUTH_ENDPOINTS.login, { body: { email: inviteeEmail, password: PASSWORD } });
        expect(user.role).toBe('user');
      });
    });
  });
}
