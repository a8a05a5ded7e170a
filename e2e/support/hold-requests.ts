import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (and `method`, when given) until the returned function is called, so a
 * state that lasts only while a request is in flight ("Initializing...", "Redirecting...", a page not yet
 * hydrated) stays on screen until the test has seen it, whatever the machine's speed.
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}
