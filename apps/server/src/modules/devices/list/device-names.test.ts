import type { Device } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { distinctDeviceName as distinctName } from './device-names';

type Caller = { tokens: { access_token: string } };

describe('distinctDeviceName', () => {
  test('the name itself when free; else the first free number, compared trimmed and case-blind', () => {
    expect(distinctName('Chromium on Linux', ['Firefox on Linux'])).toBe('Chromium on Linux');
    expect(distinctName('Chromium on Linux', ['chromium on linux '])).toBe('Chromium on Linux 2');
    expect(distinctName('Chromium on Linux', ['Chromium on Linux', 'Chromium on Linux 2'])).toBe('Chromium on Linux 3');
  });

  test('the number always fits in 64 characters', () => {
    const long = 'x'.repeat(64);
    expect(distinctName(long, [long])).toBe(`${'x'.repeat(62)} 2`);
  });
});

describe("device names tell the account's devices apart", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const browser = async (user: TestUser): Promise<Caller> => ({ tokens: await testApp.factory.session(user) });
  const register = async (caller: Caller, name: string) => {
    const res = await testApp.as(caller).post('/api/devices', { name, kind: 'browser' });
    expect(res.statusCode).toBe(201);
    return res.json<Device>();
  };
  const signInCli = async (owner: TestUser, clientName: string) => {
    await testApp.factory.deviceSignIn({ owner, clientName, scopes: ['clips:read'] });
  };
  const names = async (caller: Caller) =>
    (await testApp.as(caller).get('/api/devices')).json<{ devices: Device[] }>().devices.map(({ name }) => name);

  test('three browsers with the same user agent register under three names, numbered in order', async () => {
    const owner = await testApp.factory.user();
    const callers = [owner, await browser(owner), await browser(owner)];
    const made = [];
    for (const caller of callers) made.push(await register(caller, 'Chromium on Linux'));
    expect(made.map(({ name }) => name)).toEqual(['Chromium on Linux', 'Chromium on Linux 2', 'Chromium on Linux 3']);
    // Another account's devices are no clash.
    const stranger = await testApp.factory.user();
    expect((await register(stranger, 'Chromium on Linux')).name).toBe('Chromium on Linux');
  });

  test('registrations at the same moment still get different names', async () => {
    const owner = await testApp.factory.user();
    const callers = [owner, ...(await Promise.all([1, 2, 3].map(() => browser(owner))))];
    await Promise.all(callers.map((caller) => register(caller, 'Chrome on Android')));
    expect(new Set(await names(owner)).size).toBe(4);
  });

  test('a CLI signed in twice with the same client name gets a numbered name too', async () => {
    const owner = await testApp.factory.user();
    await signInCli(owner, 'clipsync on laptop');
    await signInCli(owner, 'clipsync on laptop');
    expect(await names(owner)).toEqual(['clipsync on laptop', 'clipsync on laptop 2']);
  });

  test("a rename to another device's name is 409 DEVICE_NAME_TAKEN; its own name, in another case, is fine", async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner);
    const laptop = await register(owner, 'Laptop');
    const phoneDevice = await register(phone, 'Phone');

    const refused = await testApp.as(owner).patch(`/api/devices/${phoneDevice.id}`, { name: ' laptop ' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEVICE_NAME_TAKEN', error: expect.stringContaining('laptop') });
    expect(await names(owner)).toEqual(['Laptop', 'Phone']);

    const recased = await testApp.as(owner).patch(`/api/devices/${laptop.id}`, { name: 'LAPTOP' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ name: 'LAPTOP' });
  });
});
