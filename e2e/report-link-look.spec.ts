import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips } from './support/clips';
import { axeViolations } from './support/axe';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A shared clip's visitor, in dark mode: "Report this link" stands as tall as the buttons beside it, and the
 * report dialog's radios are drawn in the app's accent, not the browser's light default dimmed on dark.
 */
for (const size of SIZES) {
  test(`Report this link matches its neighbours; its radios keep their contrast in dark (${size.name})`, async ({
    browser,
    request,
  }) => {
    const owner = await createConfirmedUser(request, 'report-look');
    const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
    const [clipId] = await createClips(request, session.access_token, [`look ${Date.now()}`]);
    const context = await browser.newContext({ viewport: size, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`/clips/${clipId}`);

    const report = page.getByRole('button', { name: 'Report this link' });
    const copy = page.getByRole('button', { name: 'Copy Content' });
    const heightOf = async (locator: typeof report) => (await locator.boundingBox())?.height;
    expect(await heightOf(report)).toBe(await heightOf(copy));

    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Report this link' });
    const radio = dialog.getByRole('radio', { name: 'Phishing' });
    await expect(radio).toBeVisible();
    const look = await radio.evaluate((element) => {
      const style = getComputedStyle(element);
      return { accent: style.accentColor, scheme: style.colorScheme };
    });
    expect(look.accent).not.toBe('auto');
    expect(look.scheme).toBe('dark');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`report-dialog-${size.name}-dark.png`) });
    await context.close();
  });
}
