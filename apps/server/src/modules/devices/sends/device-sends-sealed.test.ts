import { DEVICE_ENDPOINTS, type DeviceSendPayload, type PendingDeviceSends } from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { sealedAccount } from '../../../../test/sealed-account';
import { deviceSends } from '../../../db/schema/index';

describe('sealed text sent between the devices of an end-to-end encrypted clipboard', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  /** The owner's session as a device, and another (a phone) to send to, with its own tokens. */
  async function twoDevices(owner: TestUser) {
    await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
    const phone = { tokens: await testApp.factory.session(owner) };
    const device = await testApp
      .api(phone)
      .call(DEVICE_ENDPOINTS.register, { body: { name: 'Phone', kind: 'browser' } });
    return { phone, phoneId: device.id };
  }

  test('sealed text is kept and handed over as the envelope with its wrapped key; the device opens it', async () => {
    const device = await sealedAccount(testApp);
    const { phone, phoneId } = await twoDevices(device.user);
    const { clipKey, wrappedKey } = await device.newClipKey();
    const text = await sealing.encryptText('the wifi password is hunter2-seal', clipKey);

    const sent = await testApp.as(device.user).post('/api/device-sends', { to: [phoneId], text, wrappedKey });
    expect(sent.statusCode, sent.body).toBe(201);
    const pending = (await testApp.as(phone).get('/api/device-sends/pending')).json<PendingDeviceSends>();
    expect(pending.sends).toHaveLength(1);
    const payload: DeviceSendPayload = pending.sends[0]!;
    expect(payload).toMatchObject({ text, wrappedKey });
    const key = new sealing.ShareKey(await sealing.unwrapClipKey(device.sealingKey, payload.wrappedKey!));
    expect(await sealing.decryptText(payload.text!, key)).toBe('the wifi password is hunter2-seal');

    // Acknowledged, the send keeps neither its sealed text nor the key that sealed it.
    expect((await testApp.as(phone).post(`/api/device-sends/${payload.id}/ack`)).statusCode).toBe(204);
    const [row] = await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.id, payload.id));
    expect(row).toMatchObject({ text: null, wrappedKey: null });
  });

  test("a sealed account's plain text send is 409 CLIPBOARD_SEALED, and nothing waits", async () => {
    const device = await sealedAccount(testApp);
    const { phone, phoneId } = await twoDevices(device.user);
    const refused = await testApp.as(device.user).post('/api/device-sends', { to: [phoneId], text: 'in clear' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLIPBOARD_SEALED', error: expect.any(String) });
    expect((await testApp.as(phone).get('/api/device-sends/pending')).json()).toEqual({ sends: [] });
  });

  test('bad input is 400: a wrapped key with a clip, with plain text, or not in the format', async () => {
    const device = await sealedAccount(testApp);
    const { phoneId } = await twoDevices(device.user);
    const { clipKey, wrappedKey } = await device.newClipKey();
    const text = await sealing.encryptText('x', clipKey);
    const before = (await testApp.context.db.select().from(deviceSends)).length;
    for (const body of [
      { to: [phoneId], clipId: 'AAAAAAAAAAAAAAAAAAAAAA', wrappedKey },
      { to: [phoneId], text: 'not an envelope!', wrappedKey },
      { to: [phoneId], text, wrappedKey: 'short' },
    ]) {
      const refused = await testApp.as(device.user).post('/api/device-sends', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await testApp.context.db.select().from(deviceSends)).length).toBe(before);
  });

  test('a plain account still sends plain text, and its payload has no wrapped key', async () => {
    const owner = await testApp.factory.user();
    const { phone, phoneId } = await twoDevices(owner);
    expect((await testApp.as(owner).post('/api/device-sends', { to: [phoneId], text: 'plain' })).statusCode).toBe(201);
    const [payload] = (await testApp.as(phone).get('/api/device-sends/pending')).json<PendingDeviceSends>().sends;
    expect(payload).toMatchObject({ text: 'plain' });
    expect(payload).not.toHaveProperty('wrappedKey');
  });
});
