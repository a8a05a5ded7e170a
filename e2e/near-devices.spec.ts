import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { createConfirmedUser, storeSession } from './support/accounts';

/**
 * Loopback host candidates, as raw addresses rather than mDNS names: two contexts of one Chromium on one
 * machine are then two devices on one network (decision 030).
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

interface Login {
  user: { id: string };
  session: { access_token: string };
}

async function logIn(request: APIRequestContext, account: { email: string; password: string }): Promise<Login> {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Login;
}

/** A browser of its own (a context) holding `login`'s session, on My devices. */
async function openBrowser(browser: Browser, login: Login, { withoutWebRtc = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  if (withoutWebRtc) {
    await context.addInitScript(() => {
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    });
  }
  const page = await context.newPage();
  await storeSession(page, login.user, login.session);
  await page.goto('/devices');
  return page;
}

/** The row of the other device (the one without 'This device'). */
const otherRow = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('This device', { exact: true }) });

/** Both browsers list each other online, so either may open a link to the other. */
async function bothOnline(pages: Page[]) {
  for (const page of pages) {
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Online now' })).toHaveCount(2);
  }
}

test('"Check if nearby" proves two browsers of one account near: both rows say "Nearby · verified"', async ({
  browser,
  request,
}) => {
  const account = await createConfirmedUser(request, 'near-check');
  const a = await openBrowser(browser, await logIn(request, account));
  const b = await openBrowser(browser, await logIn(request, account));
  await bothOnline([a, b]);

  const bOnA = otherRow(a);
  await bOnA.getByRole('button', { name: 'Check if nearby' }).click();
  await expect(bOnA.getByText('Nearby · verified')).toBeVisible();
  await expect(bOnA.getByRole('alert')).toHaveCount(0);
  await expect(otherRow(b).getByText('Nearby · verified')).toBeVisible();
});
