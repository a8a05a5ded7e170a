import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { AUTH_ENDPOINTS, type LoginResponse } from '@clipsync/shared';
import { storeSession } from './accounts';
import { createJourneyApi } from './api';

/** What `POST /api/auth/login` answers: a user and the session's tokens. */
export type Login = LoginResponse;

/** One more sign-in of the account: a session of its own, so one more device once a page registers it. */
export function logIn(request: APIRequestContext, account: { email: string; password: string }): Promise<Login> {
  return createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: account });
}

/**
 * A browser of its own (a context) holding `login`'s session, on `path` (My devices unless told);
 * `beforeOpen` sees the page before anything loads (to record its sockets, or wait for a response).
 */
export async function openBrowser(
  browser: Browser,
  login: Login,
  { path = '/devices', beforeOpen }: { path?: string; beforeOpen?: (page: Page) => void } = {},
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  beforeOpen?.(page);
  await storeSession(page, login.user, login.session);
  await page.goto(path);
  return page;
}

/**
 * `openBrowser` on My devices, once the page has registered its nearness key (a proof asked of a device
 * whose key the server does not know yet is refused, 409).
 */
export async function openBrowserWithKey(
  browser: Browser,
  login: Login,
  { beforeOpen }: { beforeOpen?: (page: Page) => void } = {},
): Promise<Page> {
  let keyRegistered: Promise<unknown> = Promise.resolve();
  const page = await openBrowser(browser, login, {
    beforeOpen: (opening) => {
      beforeOpen?.(opening);
      keyRegistered = opening.waitForResponse(
        (response) => response.url().endsWith('/api/devices/current/key') && response.status() === 204,
      );
    },
  });
  await keyRegistered;
  return page;
}

/** A toast on screen holding `text` (Radix also repeats a toast's words in a live region). */
export const toastWith = (page: Page, text: string | RegExp) => page.locator('[data-toast]').filter({ hasText: text });
