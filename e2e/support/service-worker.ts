import { expect, type Page } from '@playwright/test';

/** Resolves once the page is controlled by the worker, which has then kept the app's files (sw.ts install). */
export async function waitForWorkerControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
