import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';

/**
 * Device sign-in as a CLI does it: the device asks for a code through the API, the signed-in user opens
 * the link it shows and approves, the device's poll gets a token that works, and revoking it on
 * "Devices and tokens" ends it.
 */
test('a device code approved in the browser gives a working token, which Revoke ends', async ({ page, request }) => {
  await signIn(page, request, 'device-sign-in');
  const started = await request.post('/api/device/code', {
    data: { clientName: 'e2e laptop', scopes: ['clips:read', 'clips:write'] },
  });
  expect(started.ok()).toBe(true);
  const { device_code, verification_uri_complete } = (await started.json()) as {
    device_code: string;
    verification_uri_complete: string;
  };
  const poll = () => request.post('/api/device/token', { data: { device_code } });
  expect(((await (await poll()).json()) as { error: string }).error).toBe('authorization_pending');

  const link = new URL(verification_uri_complete);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'e2e laptop asks to use your account to:' })).toBeVisible();
  await expect(page.getByText('Create and edit clips')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Done: e2e laptop is signed in.')).toBeVisible();

  // The device waits its interval before polling again, as RFC 8628 asks.
  await page.waitForTimeout(5000);
  const granted = await poll();
  expect(granted.status()).toBe(200);
  const { access_token } = (await granted.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const clip = await request.post('/api/clipboard', { headers, data: { content: 'from the terminal' } });
  expect(clip.status()).toBe(201);

  await page.getByRole('link', { name: 'Devices and tokens' }).click();
  const row = page.getByRole('listitem', { name: 'e2e laptop' });
  await expect(row).toContainText('Device sign-in');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('e2e laptop revoked', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/clipboard/history', { headers })).status()).toBe(401);
});
