import { expect, test } from '@playwright/test';
import { createConfirmedUser, storeSession } from './support/accounts';
import { logIn } from './support/devices';
import { waitForWorkerControl } from './support/service-worker';
import { axeViolations } from './support/axe';

// The worker must run for `pushManager.subscribe` to be reached at all (the rest of the suite blocks them).
test.use({ serviceWorkers: 'allow' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * The Chromium the tests run has the push APIs but no push service behind them: its real `subscribe()` is
 * refused with an AbortError ("Registration failed - permission denied", though the permission is granted),
 * as an incognito window's or a de-Googled build's is. Nothing is stood
 * in for it here. The page must say that this browser cannot receive notifications, and offer no "Try again"
 * that could never pass, at both sizes and in both colour schemes.
 */
for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no push service: said so without a Try again (${size.name}, ${scheme})`, async ({ browser, request }) => {
      test.setTimeout(90_000);
      const login = await logIn(request, await createConfirmedUser(request, 'nopush'));
      const context = await browser.newContext({ viewport: size, colorScheme: scheme });
      await context.grantPermissions(['notifications']);
      const page = await context.newPage();
      await storeSession(page, login.user, login.session);
      await page.goto('/settings/notifications');
      await waitForWorkerControl(page);

      const onThisDevice = page.getByRole('switch', { name: 'Notifications on this device' });
      await onThisDevice.click();
      await expect(page.getByRole('alert')).toContainText('This browser has no push service');
      await expect(onThisDevice).not.toBeChecked();
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`no-push-${size.name}-${scheme}.png`), fullPage: true });
      await context.close();
    });
  }
}
