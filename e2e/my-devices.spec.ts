import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createClips } from './support/clips';
import { logIn, openBrowser, toastWith } from './support/devices';

/** The clip page's "Send to a device", to one device by name; gives the picker with its answer. */
async function sendClip(page: Page, clipId: string, deviceName: string) {
  await page.goto(`/clips/${clipId}`);
  await page.getByRole('button', { name: 'Send to a device' }).click();
  const picker = page.getByRole('dialog', { name: 'Send to a device' });
  await picker.getByRole('checkbox', { name: new RegExp(deviceName) }).check();
  await picker.getByRole('button', { name: 'Send' }).click();
  return picker.getByRole('list', { name: 'Sent' }).getByRole('listitem', { name: deviceName });
}

/**
 * Two browsers of one account are two devices that see each other online; a rename shows on the other; a
 * clip sent to an online device arrives as a toast with Copy; a closed device shows offline within 15 s, a
 * send to it is queued, and it gets that send once when it opens the app again.
 */
test('two browsers of one account see each other, rename, send live, and a queued send arrives once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createConfirmedUser(request, 'my-devices');
  const [first, second] = [await logIn(request, account), await logIn(request, account)];
  const a = await openBrowser(browser, first);
  let b = await openBrowser(browser, second);

  for (const page of [a, b]) {
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // Exactly: 'Sign out this device' is in every row.
    await expect(rows.filter({ has: page.getByText('This device', { exact: true }) })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Online now' })).toHaveCount(2);
  }

  const bItself = b.getByRole('listitem').filter({ has: b.getByText('This device', { exact: true }) });
  await bItself.getByRole('button', { name: /^Rename / }).click();
  await b.getByRole('textbox', { name: 'Device name' }).fill('E2E Phone');
  await b.keyboard.press('Enter');
  await expect(b.getByRole('listitem', { name: 'E2E Phone' })).toContainText('This device');
  await a.reload();
  await expect(a.getByRole('listitem', { name: 'E2E Phone' })).toContainText('Online now');

  const [liveClip, queuedClip] = await createClips(request, first.session.access_token, [
    'Sent while the phone is online',
    'Sent while the phone is closed',
  ]);
  await expect(await sendClip(a, liveClip ?? '', 'E2E Phone')).toContainText('Delivered');
  const received = toastWith(b, 'Sent while the phone is online');
  await expect(received).toContainText(/^From Chrom(e|ium) on \w+/);
  await expect(received.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(received.getByRole('button', { name: 'Open' })).toBeVisible();

  // Closed, the phone's socket is gone: the other browser's list says so, live, within 15 s.
  await a.goto('/devices');
  const phoneOnA = a.getByRole('listitem', { name: 'E2E Phone' });
  await expect(phoneOnA).toContainText('Online now');
  await b.context().close();
  await expect(phoneOnA).toContainText('Last seen', { timeout: 15_000 });

  await expect(await sendClip(a, queuedClip ?? '', 'E2E Phone')).toContainText(
    'Queued — it will get it when it comes back',
  );

  // The phone opens the app again (same session, so the same device): the queued clip arrives, once.
  b = await openBrowser(browser, second);
  await expect(toastWith(b, 'Sent while the phone is closed')).toBeVisible();
  await expect(b.getByText('Sent while the phone is online')).toHaveCount(0);
  await b.reload();
  await expect(b.getByRole('listitem', { name: 'E2E Phone' })).toContainText('Online now');
  // Acknowledged before the reload: nothing comes again (the server would repeat it within 30 s otherwise).
  await b.waitForTimeout(3000);
  await expect(b.getByText('Sent while the phone is closed')).toHaveCount(0);
});
