import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEVICE_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser } from './support/accounts';
import { createJourneyApi } from './support/api';
import { attachFile, createClips } from './support/clips';
import { logIn, openBrowser, toastWith, type Login } from './support/devices';

/** The name the server gave the device of this sign-in (its `current` device). */
async function deviceNameOf(request: APIRequestContext, login: Login): Promise<string> {
  const { devices } = await createJourneyApi(request, { token: login.session.access_token }).call(
    DEVICE_ENDPOINTS.list,
  );
  return devices.find((device) => device.current)?.name ?? '';
}

/** The picker at a phone's and a laptop's size, light and dark, for a person to look at. */
async function screenshotPicker(page: Page) {
  const picker = page.getByRole('dialog', { name: 'Send to a device' });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await expect(picker).toBeVisible();
      await page.screenshot({ path: `test-results/device-names-picker-${width}-${colorScheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Three browsers of one account, all of one user agent, are three devices of three names; the send picker
 * lists the others with their last seen and marks this device; a clip with a file arrives as a toast that
 * names the file and its size.
 */
test('alike browsers get distinct names; the picker marks this device; a sent file is named in the toast', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createConfirmedUser(request, 'device-names');
  const logins = [await logIn(request, account), await logIn(request, account), await logIn(request, account)];
  const [a, b] = [await openBrowser(browser, logins[0]!), await openBrowser(browser, logins[1]!)];
  await openBrowser(browser, logins[2]!);
  await expect(a.getByRole('main').getByRole('listitem')).toHaveCount(3);

  const names = await Promise.all(logins.map((login) => deviceNameOf(request, login)));
  // One user agent, so one name asked for three times ("Chromium on Linux"): numbered by the server.
  const [base] = [...names].sort();
  expect(base).toMatch(/^Chrom(e|ium) on \w+$/);
  expect([...names].sort()).toEqual([base, `${base} 2`, `${base} 3`]);
  const [aName, bName, cName] = names as [string, string, string];

  const [clipId] = await createClips(request, logins[0]!.session.access_token, ['Notes for the meeting']);
  await attachFile(request, logins[0]!.session.access_token, clipId ?? '', {
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(1_258_291, 1),
  });

  await a.goto(`/clips/${clipId}`);
  await a.getByRole('button', { name: 'Send to a device' }).click();
  const picker = a.getByRole('dialog', { name: 'Send to a device' });
  const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\s*\\d)`);
  await expect(picker.getByRole('checkbox', { name: exactly(bName) })).toBeVisible();
  await expect(picker.getByRole('checkbox', { name: exactly(cName) })).toBeVisible();
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await expect(picker.getByRole('checkbox', { name: /Online now/ })).toHaveCount(2);
  const mine = picker.getByRole('listitem', { name: `${aName}, this device` });
  await expect(mine).toContainText('This device');
  await screenshotPicker(a);

  await picker.getByRole('checkbox', { name: exactly(bName) }).check();
  await picker.getByRole('button', { name: 'Send' }).click();
  await expect(picker.getByRole('list', { name: 'Sent' })).toContainText('Delivered');

  const received = toastWith(b, `${aName} sent report.pdf (1.2 MB)`);
  await expect(received).toBeVisible();
  await expect(received).toContainText('Notes for the meeting');
  await received.hover();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await b.setViewportSize({ width, height });
    await b.screenshot({ path: `test-results/device-names-toast-${width}.png` });
  }
});
