import { AUTH_ENDPOINTS, type DevOutboxResponse } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, uniqueEmail } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips } from './support/clips';
import { FIRST_RUN_SIZES, firstRunBaseUrlOf, startFirstRunServer } from './support/first-run-server';
import { blockingViolations } from './support/axe';

/**
 * An operator's first day, at each screen size, on a server the journey starts itself as `npm start` does, with
 * nothing configured and an empty data folder: read the start block, become the admin through the place the
 * pages name, close sign-ups, invite someone, hear of a signed-out visitor's report, open the item from its card,
 * take it down, restore it, and read every step in the audit log as sentences.
 */

const PASSWORD = 'first-run-password-1';
const REMOVED = 'This link was removed by the operator of this server';
const ONE_OPEN_REPORT = '1 open report';

async function fillSignUp(page: Page, name: string, email?: string) {
  await page.getByLabel('Name').fill(name);
  if (email !== undefined) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

for (const size of FIRST_RUN_SIZES) {
  test.describe(`on a fresh server (${size.name})`, () => {
    const baseURL = firstRunBaseUrlOf(size);
    const viewport = { width: size.width, height: size.height };
    test.use({ baseURL, viewport });

    test(`the operator's first day: start, become the admin, close sign-ups, invite, act on a report, read the log (${size.name})`, async ({
      page,
      request,
      browser,
    }, testInfo) => {
      // A server's start, four browsers, a dozen pages and six axe scans: about 3 minutes on two cores, and
      // twice that while they are loaded (a first run, 2026-11-28).
      test.setTimeout(420_000);
      const server = startFirstRunServer(size);
      try {
        const adminEmail = uniqueEmail('first-admin');
        const inviteeEmail = uniqueEmail('invitee');
        const sections = page.getByRole('navigation', { name: 'Admin console sections' });
        const shoot = (name: string) =>
          page.screenshot({ path: testInfo.outputPath(`${name}-${size.name}.png`), fullPage: true });

        await test.step('the start block says where to go, who becomes the admin and where mails go', async () => {
          const block = await server.startBlock;
          expect(block).toContain(`ClipSync is ready: open ${baseURL}`);
          expect(block).toContain("the first account to confirm its address becomes this server's admin.");
          expect(block).toContain(`listed at ${baseURL}/api/dev/outbox (from this machine only).`);
        });

        await test.step('the first sign-up confirms through the outbox the page names and is the admin', async () => {
          await page.goto('/auth?mode=register');
          await expect(page.getByRole('note')).toHaveText(
            'This server has no admin yet: the first account to confirm its e-mail address will administer it.',
          );
          await fillSignUp(page, 'First Admin', adminEmail);
          await expect(page.getByTestId('no-mail-note')).toContainText(
            `Mail is not set up on this server, so no mail was sent to ${adminEmail}`,
          );
          await shoot('check-email');
          expect(await blockingViolations(page)).toEqual([]);
          const [outbox] = await Promise.all([
            page.waitForEvent('popup'),
            page.getByRole('link', { name: 'Open the dev outbox' }).click(),
          ]);
          await outbox.waitForLoadState();
          const { mails } = JSON.parse(await outbox.locator('pre').first().innerText()) as DevOutboxResponse;
          const confirmation = mails.find((mail) => mail.to === adminEmail && /Confirm/.test(mail.subject));
          await outbox.close();
          await page.goto(confirmation?.links[0] ?? '');
          await expect(page.getByRole('heading', { name: 'Sign in to confirm your address' })).toBeVisible();
          await page.getByLabel('Email').fill(adminEmail);
          await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
          await page.getByRole('button', { name: 'Login' }).click();
          // The account's first sign-in is greeted anew; SPEC's 'Welcome back!' is for the later ones.
          await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
          await expect(page).toHaveURL(/\/dashboard$/);
        });

        await test.step('the console counts its admin, and Closed sign-ups take the landing page at its first paint', async () => {
          // The sidebar's menu on a desktop, the bottom bar's on a phone: the one on screen.
          await page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true }).click();
          await page.getByRole('link', { name: 'Admin', exact: true }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
          const figure = (name: string) => page.locator('dt', { hasText: name }).locator('+ dd');
          await expect(figure('Users')).toHaveText('1');
          await expect(figure('Active in the last 7 days')).toHaveText('1');
          expect(await blockingViolations(page)).toEqual([]);
          await sections.getByRole('link', { name: 'Settings' }).click();
          const mode = page.getByRole('group', { name: 'Who may sign up' });
          await expect(mode.getByRole('radio', { name: /^Open/ })).toBeChecked();
          await mode.getByRole('radio', { name: /^Closed/ }).check();
          await page.getByRole('button', { name: 'Save', exact: true }).click();
          await expect(page.getByText('Settings saved').first()).toBeVisible();
          await shoot('settings-closed');
          expect(await blockingViolations(page)).toEqual([]);

          // Without JavaScript, what a visitor sees is the first paint itself: the served page, as the server marked it.
          const firstPaint = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
          const landing = await firstPaint.newPage();
          await landing.goto('/');
          // On a phone, Login is in the banner's menu, which needs JavaScript to open.
          if (size.name === 'desktop') {
            await expect(landing.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
          }
          await expect(landing.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(landing.getByRole('link', { name: 'Sign Up' })).toBeHidden();
          await expect(landing.getByRole('link', { name: 'Get Started' })).toBeHidden();
          await landing.screenshot({ path: testInfo.outputPath(`landing-closed-${size.name}.png`) });
          await firstPaint.close();
        });

        await test.step('the admin invites a member, who signs up from the mailed link', async () => {
          await sections.getByRole('link', { name: 'Invitations' }).click();
          await page.getByRole('textbox', { name: 'E-mail address' }).fill(inviteeEmail);
          await page.getByRole('button', { name: 'Send invitation' }).click();
          await expect(page.getByText(`Invitation sent to ${inviteeEmail}`, { exact: true })).toBeVisible();
          expect(await blockingViolations(page)).toEqual([]);
          const mail = await latestMailTo(request, inviteeEmail, /invited/);
          const invitation = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
          const invitee = await invitation.newPage();
          await invitee.goto(mail.links.find((link) => link.includes('/register?invitation=')) ?? '');
          await expect(invitee.getByLabel('Email')).toHaveValue(inviteeEmail);
          await fillSignUp(invitee, 'Invited Person');
          await expect(invitee).toHaveURL(/\/dashboard$/);
          await invitation.close();
        });

        const marker = `reported on the first day ${Date.now()}`;
        const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, {
          body: { email: inviteeEmail, password: PASSWORD },
        });
        const [clipId] = await createClips(request, session.access_token, [marker]);
        const visitorContext = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
        const visitor = await visitorContext.newPage();

        await test.step('a signed-out visitor reports the member’s link: the admin is mailed and badged', async () => {
          await visitor.goto(`/clips/${clipId}`);
          await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
          await visitor.getByRole('button', { name: 'Report this link' }).click();
          const dialog = visitor.getByRole('dialog', { name: 'Report this link' });
          await dialog.getByRole('radio', { name: 'Spam' }).check();
          await dialog.getByRole('button', { name: 'Send report' }).click();
          await expect(
            dialog.getByText('Thank you. The operator of this server will look at this link.'),
          ).toBeVisible();
          const mail = await latestMailTo(request, adminEmail, /^1 reported item waits for review/);
          expect(mail.links.map((link) => new URL(link).pathname)).toEqual(['/admin/reports']);

          await page.goto('/dashboard');
          const trigger = page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true });
          await expect(trigger).toHaveAccessibleDescription(ONE_OPEN_REPORT);
          await trigger.click();
          const adminEntry = page.getByRole('link', { name: 'Admin', exact: true });
          await expect(adminEntry).toHaveAccessibleDescription(ONE_OPEN_REPORT);
          await adminEntry.click();
          await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(ONE_OPEN_REPORT);
          await shoot('overview-report');
        });

        await test.step('the admin opens the item from its card, takes it down and restores it', async () => {
          const reportsTab = sections.getByRole('link', { name: 'Reports' });
          await expect(reportsTab).toHaveAccessibleDescription(ONE_OPEN_REPORT);
          await reportsTab.click();
          const card = page.getByRole('listitem', { name: /^Shared clip/ }).filter({ hasText: inviteeEmail });
          await expect(card).toBeVisible();
          expect(await blockingViolations(page)).toEqual([]);
          const [item] = await Promise.all([
            page.waitForEvent('popup'),
            card.getByRole('link', { name: 'Open as its visitors see it' }).click(),
          ]);
          await expect(item.getByRole('textbox').first()).toHaveValue(marker);
          await item.close();

          await card.getByRole('button', { name: 'Take down' }).click();
          const takeDown = page.getByRole('dialog', { name: 'Take down' });
          await takeDown.getByRole('textbox', { name: 'Reason shown to the owner' }).fill('Spam link');
          await takeDown.getByRole('button', { name: 'Take down now' }).click();
          await expect(takeDown).toBeHidden();
          await visitor.reload();
          await expect(visitor.getByText(REMOVED)).toBeVisible();

          await page.getByRole('button', { name: 'Resolved' }).click();
          const resolved = page.getByRole('listitem', { name: /^Shared clip/ }).filter({ hasText: inviteeEmail });
          await expect(resolved).toContainText('Taken down: Spam link');
          await resolved.getByRole('button', { name: 'Restore' }).click();
          await expect(resolved).not.toContainText('Taken down');
          await visitor.reload();
          await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
          await visitorContext.close();
        });

        await test.step('the audit log tells every step as a sentence', async () => {
          await sections.getByRole('link', { name: 'Audit log' }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
          // The table on a desktop, the cards on a phone: the one on screen, each step once.
          const log = page.getByRole('main');
          for (const sentence of [
            'First Admin closed sign-ups',
            `First Admin invited ${inviteeEmail}`,
            `First Admin took down a shared clip of ${inviteeEmail}: Spam link`,
            `First Admin restored a shared clip of ${inviteeEmail}`,
          ]) {
            await expect(log.getByText(sentence, { exact: true }).filter({ visible: true })).toHaveCount(1);
          }
          await expect(log).not.toContainText('adminOverview.');
          await shoot('audit-log');
          expect(await blockingViolations(page)).toEqual([]);
        });
      } finally {
        await server.stop();
      }
    });
  });
}
