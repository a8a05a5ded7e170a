import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEVICE_SIGN_IN_ENDPOINTS, type DeviceCodeRequest } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';

/** A device asking for a code through the API, as a CLI does; it polls until it hears an answer. */
async function startDevice(request: APIRequestContext, body: DeviceCodeRequest) {
  const grant = await createJourneyApi(request).call(DEVICE_SIGN_IN_ENDPOINTS.code, { body });
  const poll = async () => {
    const response = await request.post('/api/device/token', { data: { device_code: grant.device_code } });
    return { status: response.status(), body: (await response.json()) as Record<string, string> };
  };
  const link = new URL(grant.verification_uri_complete);
  return { ...grant, poll, path: `${link.pathname}${link.search}` };
}

/**
 * Device sign-in as a CLI does it: the device asks for a code, the signed-in user opens the link it shows,
 * says that the device shows that code, reviews what asks (named by the device, from which network) and
 * unticks a scope; the device's poll gets a token with the rest.
 */
test('a linked code confirmed against the device and approved with a scope unticked gives the device a token without it', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'device-sign-in');
  const device = await startDevice(request, {
    clientName: 'e2e laptop\u202E',
    scopes: ['clips:read', 'clips:write', 'rooms'],
  });
  expect((await device.poll()).body.error).toBe('authorization_pending');

  await page.goto(device.path);
  await expect(page.getByRole('heading', { name: 'Check the code first' })).toBeVisible();
  await expect(page.getByText(device.user_code, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, my device shows this code' }).click();

  const review = page.getByRole('region', { name: 'A device asks to sign in to your account' });
  await expect(review).toContainText('Named by the device:');
  await expect(review.locator('bdi')).toHaveText('e2e laptop');
  await expect(review).toContainText('From the same network as this browser.');
  await expect(review.getByRole('checkbox', { name: 'Create and edit clips' })).toBeChecked();
  await review
    .getByRole('group', { name: 'It also asks, separately:' })
    .getByRole('checkbox', { name: /Rooms/ })
    .uncheck();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Done: e2e laptop is signed in.')).toBeVisible();

  // The device keeps polling at its interval (a poll too early is told to slow down) until it hears.
  await expect.poll(async () => (await device.poll()).status, { intervals: [1000], timeout: 20_000 }).toBe(200);
  await page.getByRole('link', { name: 'Access tokens' }).click();
  const row = page.getByRole('listitem', { name: 'e2e laptop' });
  await expect(row).toContainText('Device sign-in');
  await expect(row).not.toContainText('Rooms');
});

test('the token a confirmed approval gives works for what was ticked alone, and Revoke ends it', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'device-token');
  const device = await startDevice(request, {
    clientName: 'e2e desktop',
    scopes: ['clips:read', 'clips:write', 'rooms'],
  });
  await page.goto('/device');
  await page.getByRole('textbox', { name: 'Code shown on the device' }).fill(device.user_code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /Rooms/ }).uncheck();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Done: e2e desktop is signed in.')).toBeVisible();

  let granted: { access_token: string; scope: string } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await device.poll();
        if (answer.status === 200) granted = answer.body as unknown as typeof granted;
        return answer.status;
      },
      { intervals: [1000], timeout: 20_000 },
    )
    .toBe(200);
  expect(granted?.scope).toBe('clips:read clips:write');
  const headers = { authorization: `Bearer ${granted?.access_token}` };
  expect((await request.post('/api/clipboard', { headers, data: { content: 'from the terminal' } })).status()).toBe(
    201,
  );
  expect((await request.get('/api/rooms', { headers })).status()).toBe(403);

  await page.getByRole('link', { name: 'Access tokens' }).click();
  const row = page.getByRole('listitem', { name: 'e2e desktop' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('e2e desktop revoked', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/clipboard/history', { headers })).status()).toBe(401);
});

/**
 * The phishing RFC 8628 §5.4 warns of: someone else starts a sign-in and sends the link. Opening it shows
 * the code and a question, nothing of the request and no Approve; "No" refuses it, and the device hears so.
 */
test('a link alone is not enough: it asks whether the device shows the code, and No refuses the sign-in', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'device-phished');
  const device = await startDevice(request, {
    clientName: 'ClipSync for Windows (official)',
    scopes: ['clips:read', 'clips:write', 'desktop', 'rooms'],
  });

  await page.goto(device.path);
  await expect(page.getByText('Does the device you are signing in show this code?')).toBeVisible();
  await expect(page.getByText('ClipSync for Windows (official)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect((await device.poll()).body.error).toBe('authorization_pending');

  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByText('Nothing was approved.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect((await device.poll()).body).toMatchObject({ error: 'access_denied', code: 'ACCESS_DENIED' });
});

/**
 * The account menu has one place for the account's devices and one for its tokens; a CLI's token is its device's,
 * so a rename under My devices names it under Access tokens too.
 */
for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`a signed-in CLI renamed under My devices is named so under Access tokens (${size.name})`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, request, 'device-renamed');
    const device = await startDevice(request, { clientName: 'clipsync on e2e box', scopes: ['clips:read'] });
    await page.goto('/device');
    await page.getByRole('textbox', { name: 'Code shown on the device' }).fill(device.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Done: clipsync on e2e box is signed in.')).toBeVisible();
    await expect.poll(async () => (await device.poll()).status, { intervals: [1000], timeout: 20_000 }).toBe(200);

    const openMenu = async (entry: string) => {
      await page.getByRole('button', { name: 'Open account menu' }).filter({ visible: true }).click();
      await page.getByRole('link', { name: entry, exact: true }).click();
    };
    await openMenu('My devices');
    await page
      .getByRole('listitem', { name: 'clipsync on e2e box' })
      .getByRole('button', { name: /^Rename / })
      .click();
    await page.getByRole('textbox', { name: 'Device name' }).fill('Build box');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listitem', { name: 'Build box' })).toBeVisible();

    await openMenu('Access tokens');
    await expect(page.getByRole('heading', { level: 1, name: 'Access tokens' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Build box' })).toContainText('Device sign-in');
    await expect(page.getByRole('listitem', { name: 'clipsync on e2e box' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`access-tokens-${size.name}.png`), fullPage: true });
  });
}
