import type { Page, TestInfo } from '@playwright/test';

/**
 * Screenshots of what the page shows now at a laptop's and a phone's size, light and dark, into the test's
 * output (`<name>-desktop-light.png`, …), to look at; the page is left light, at the phone's size.
 */
export async function shotBothSizes(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
