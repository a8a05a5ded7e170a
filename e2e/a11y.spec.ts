import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ADMIN_INVITATION_ENDPOINTS,
  AUTH_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  REPORT_ENDPOINTS,
  ROOM_ENDPOINTS,
  TOKEN_ENDPOINTS,
} from '@clipsync/shared';
import { createConfirmedUser, signIn, signInAdmin, uniqueEmail } from './support/accounts';
import { createJourneyApi } from './support/api';
import { blockingViolations, colourTransitionsEnded } from './support/axe';
import { createClips } from './support/clips';

const SCHEMES = ['light', 'dark'] as const;
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const scheme of SCHEMES) {
  test(`the landing page has no serious or critical accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
}

/**
 * The app's own error page (app/route-errors), which no path opens: shown here for a page whose code cannot
 * load (the not-found page's chunk refused, as offline), at both sizes.
 */
for (const scheme of SCHEMES) {
  test(`the page shown when a page cannot load has no serious or critical accessibility violations (${scheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.route(/\/assets\/NotFoundPage-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1, name: 'This page could not load' })).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`load-failure-${scheme}-${size.name}.png`) });
    }
  });
}

/** A signed-in account with something on each page: a clip, a room and its link, a desktop block and its link, a token. */
async function signInWithContent(page: Page, request: APIRequestContext, label: string) {
  const { accessToken } = await signIn(page, request, label);
  const [clipId] = await createClips(request, accessToken, ['A clip to look at']);
  const api = createJourneyApi(request, { token: accessToken });
  const { id: roomId } = await api.call(ROOM_ENDPOINTS.create, { body: { name: 'A room to look at' } });
  const { shareToken: roomToken } = await api.call(ROOM_ENDPOINTS.rotateInvite, { params: { id: roomId } });
  await api.call(DESKTOP_ENDPOINTS.addText, { body: { content: 'A block to look at' } });
  const { shareToken: desktopToken } = await api.call(DESKTOP_ENDPOINTS.share);
  await api.call(TOKEN_ENDPOINTS.create, { body: { name: 'A token to look at', scopes: ['rooms'] } });
  return { clipId, roomId, roomToken, desktopToken };
}

/**
 * Every page of the router's signed-in part (app/router.tsx), each with what it shows once loaded: its
 * level-1 heading (undefined: the page's own name varies with what its link holds), or its alert for an
 * invitation no one sent. The room's own join link shows what its owner meets.
 */
const signedInPages = ({ clipId, roomId, roomToken, desktopToken }: Awaited<ReturnType<typeof signInWithContent>>) =>
  [
    ['/dashboard', 'Dashboard'],
    ['/clips', 'All Clips'],
    ['/favorites', 'Favorite Clips'],
    ['/rooms', 'Rooms'],
    [`/rooms/${roomId}`, 'A room to look at'],
    [`/rooms/join/${roomToken}`, undefined],
    ['/rooms/invite/an-invitation-no-one-sent-0000', 'alert'],
    ['/quick-copy', 'Quick Copy'],
    ['/new-clip', 'New Clip'],
    [`/clips/${clipId}`, 'Shared Clip'],
    ['/desktop', 'Virtual Desktop'],
    [`/desktop/shared/${desktopToken}`, 'Shared Desktop'],
    ['/billing', 'Billing'],
    ['/billing/success', undefined],
    ['/billing/cancel', 'Checkout canceled'],
    ['/settings/tokens', 'Access tokens'],
    ['/settings/security-events', 'Security events'],
    ['/settings/privacy', 'Privacy'],
    ['/devices', 'My devices'],
    ['/devices/near', undefined],
    ['/device', 'Sign in a device'],
    ['/share', undefined],
    ['/a-page-that-does-not-exist', undefined],
  ] as const;

const loaded = (page: Page, shows: string | undefined) =>
  shows === 'alert'
    ? page.getByRole('alert').filter({ hasText: /\w/ })
    : page.getByRole('heading', { level: 1, ...(shows && { name: shows }) });

const WHITE = 'rgb(255, 255, 255)';

/**
 * Switches the open page to a colour scheme as the system would, without reloading: the app follows the
 * media query live (ui/use-theme.ts), so one visit serves both scans. The switch is checked, not assumed,
 * and the colour transitions it starts are let finish: axe would otherwise judge a blend of both schemes.
 */
async function showScheme(page: Page, scheme: (typeof SCHEMES)[number], path: string) {
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator('html');
  await (scheme === 'dark'
    ? expect(html, path).toHaveClass(/\bdark\b/)
    : expect(html, path).not.toHaveClass(/\bdark\b/));
  const background = expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), {
    message: path,
  });
  // index.css: the body is white in light, slate-950 in dark.
  await (scheme === 'light' ? background.toBe(WHITE) : background.not.toBe(WHITE));
  await colourTransitionsEnded(page);
}

/**
 * Each page of the list visited once at this size and scanned in light, then in dark: every finding listed
 * under its page and scheme.
 */
async function scanInBothSchemes(page: Page, pages: readonly (readonly [string, () => Promise<void>])[]) {
  const findings: Record<string, string[]> = {};
  for (const [path, waitUntilLoaded] of pages) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await waitUntilLoaded();
    // The lists fill in after their heading: scan what a person reads, not the skeletons.
    await expect(page.getByRole('status', { name: /loading/i }), path).toHaveCount(0);
    for (const scheme of SCHEMES) {
      await showScheme(page, scheme, path);
      const violations = await blockingViolations(page);
      if (violations.length > 0) findings[`${path} (${scheme})`] = violations;
    }
  }
  return findings;
}

/** One signed-in context per size, the pages visited in turn. */
async function auditSignedInPages(browser: Browser, request: APIRequestContext, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  const content = await signInWithContent(page, request, `a11y-${size.name}`);
  const findings = await scanInBothSchemes(
    page,
    signedInPages(content).map(
      ([path, shows]) => [path, () => expect(loaded(page, shows), path).toBeVisible()] as const,
    ),
  );
  await context.close();
  return findings;
}

for (const size of SIZES) {
  test(`every signed-in page has no serious or critical accessibility violations, light and dark (${size.width}×${size.height})`, async ({
    browser,
    request,
  }) => {
    // 22 pages, each scanned whole in both schemes: 1 to 2.5 minutes per scheme on two loaded cores (2026-11-26).
    test.setTimeout(600_000);
    expect(await auditSignedInPages(browser, request, size)).toEqual({});
  });
}

/**
 * The console with something on each page: a member to open, a pending invitation, an open report of the
 * member's shared clip, and the audit entries these leave.
 */
async function signInAdminWithContent(
  browser: Browser,
  page: Page,
  request: APIRequestContext,
  reporterAddress: string,
) {
  const { accessToken } = await signInAdmin(page, request, 'a11y');
  const member = await createConfirmedUser(request, 'a11y-member');
  const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: member });
  const [clipId = ''] = await createClips(request, session.access_token, ['A clip someone reported']);
  // A reporter of its own address (the server trusts 127.0.0.1 as its proxy): every other journey reports
  // from 127.0.0.1, and reports are limited per address.
  const reporter = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': reporterAddress } });
  await createJourneyApi(reporter.request).call(REPORT_ENDPOINTS.create, {
    body: { kind: 'clip', link: clipId, reason: 'spam', note: 'A report to look at' },
  });
  await reporter.close();
  await createJourneyApi(request, { token: accessToken }).call(ADMIN_INVITATION_ENDPOINTS.create, {
    body: { email: uniqueEmail('a11y-invitee') },
  });
  return { memberId: user.id };
}

/** Every page of the console, each with its level-1 heading, and the account's own security events. */
const consolePages = ({ memberId }: Awaited<ReturnType<typeof signInAdminWithContent>>) =>
  [
    ['/admin', 'Overview'],
    ['/admin/users', 'Users'],
    [`/admin/users/${memberId}`, 'E2E User'],
    ['/admin/invitations', 'Invitations'],
    ['/admin/reports', 'Reports'],
    ['/admin/audit', 'Audit log'],
    ['/admin/settings', 'Settings'],
    ['/settings/security-events', 'Security events'],
  ] as const;

/** One admin context per size, the console's pages visited in turn. */
async function auditConsolePages(browser: Browser, request: APIRequestContext, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  const reporterAddress = `198.51.100.${10 + SIZES.indexOf(size)}`;
  const content = await signInAdminWithContent(browser, page, request, reporterAddress);
  const findings = await scanInBothSchemes(
    page,
    consolePages(content).map(
      ([path, heading]) =>
        [path, () => expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()] as const,
    ),
  );
  await context.close();
  return findings;
}

for (const size of SIZES) {
  test(`every page of the admin console has no serious or critical accessibility violations, light and dark (${size.width}×${size.height})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    expect(await auditConsolePages(browser, request, size)).toEqual({});
  });
}
