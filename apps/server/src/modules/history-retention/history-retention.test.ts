import { ADMIN_OVERVIEW_ENDPOINTS, HISTORY_RETENTION_ENDPOINTS, type HistoryRetentionSettings } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';

const PATH = '/api/account/history-retention';
const FOREVER: HistoryRetentionSettings = {
  days: null,
  includeFavorites: false,
  serverCapDays: null,
  effectiveDays: null,
};

describe('GET and PUT /api/account/history-retention: "Keep my history for"', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
  });
  afterAll(() => testApp.close());

  test('signed out: 401 with an error and its code, for reading and for saving', async () => {
    for (const res of [
      await testApp.as(null).get(PATH),
      await testApp.as(null).put(PATH, { days: 1, includeFavorites: false }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([
        401,
        expect.objectContaining({ error: 'Authentication required', code: 'UNAUTHORIZED' }),
      ]);
    }
  });

  test("forever with favourites kept until chosen; a choice is kept and is its owner's alone", async () => {
    expect(await testApp.api(owner).call(HISTORY_RETENTION_ENDPOINTS.get)).toEqual(FOREVER);
    const saved = await testApp.as(owner).put(PATH, { days: 1, includeFavorites: true });
    expect(saved.statusCode).toBe(200);
    const chosen = { days: 1, includeFavorites: true, serverCapDays: null, effectiveDays: 1 };
    expect(saved.json()).toEqual(chosen);
    expect((await testApp.as(owner).get(PATH)).json()).toEqual(chosen);
    // Another account reads and changes only its own: there is no way to name someone else's.
    expect((await testApp.as(other).get(PATH)).json()).toEqual(FOREVER);
    await testApp.as(other).put(PATH, { days: 30, includeFavorites: false });
    expect((await testApp.as(owner).get(PATH)).json()).toEqual(chosen);
    expect((await testApp.as(owner).put(PATH, { days: null, includeFavorites: false })).json()).toEqual(FOREVER);
  });

  test.each([
    ['a number of days that is no choice', { days: 14, includeFavorites: false }],
    ['days as text', { days: '7', includeFavorites: false }],
    ['no favourites choice', { days: 7 }],
    ['no body at all', undefined],
  ])('bad input (%s): 400 VALIDATION_FAILED, nothing saved', async (_name, body) => {
    const res = await testApp.as(owner).put(PATH, body);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().error).toEqual(expect.any(String));
    expect((await testApp.as(owner).get(PATH)).json()).toEqual(FOREVER);
  });

  test('a token reads it with clips:read and changes it only with clips:write', async () => {
    const reader = await testApp.factory.token({ owner, scopes: ['clips:read'] });
    const writer = await testApp.factory.token({ owner, scopes: ['clips:write'] });
    const rooms = await testApp.factory.token({ owner, scopes: ['rooms'] });
    expect((await testApp.as(reader.caller).get(PATH)).statusCode).toBe(200);
    expect((await testApp.as(rooms.caller).get(PATH)).statusCode).toBe(403);
    const refused = await testApp.as(reader.caller).put(PATH, { days: 7, includeFavorites: false });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await testApp.as(writer.caller).put(PATH, { days: 7, includeFavorites: false })).json()).toMatchObject({
      days: 7,
      effectiveDays: 7,
    });
    await testApp.as(owner).put(PATH, { days: null, includeFavorites: false });
  });

  test("the console's cap applies to every account, the shorter of it and the user's choice", async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    const capped = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, {
      body: { clipRetentionDays: 14 },
    });
    expect(capped.clipRetentionDays).toEqual({ value: 14, source: 'console', editable: true });
    expect((await testApp.as(owner).get(PATH)).json()).toEqual({ ...FOREVER, serverCapDays: 14, effectiveDays: 14 });
    expect((await testApp.as(other).get(PATH)).json()).toEqual({
      days: 30,
      includeFavorites: false,
      serverCapDays: 14,
      effectiveDays: 14,
    });
    await testApp.as(other).put(PATH, { days: 7, includeFavorites: false });
    expect((await testApp.as(other).get(PATH)).json()).toMatchObject({ serverCapDays: 14, effectiveDays: 7 });

    const cleared = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, {
      body: { clipRetentionDays: null },
    });
    expect(cleared.clipRetentionDays).toEqual({ value: null, source: 'default', editable: true });
    expect((await testApp.as(owner).get(PATH)).json()).toEqual(FOREVER);
    const refused = await testApp.as(admin).put('/api/admin/settings', { clipRetentionDays: 0 });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('CLIP_RETENTION_DAYS caps every history and wins over the console', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CLIP_RETENTION_DAYS: '10' });
  });
  afterAll(() => testApp.close());

  test('users see the cap; the console shows it greyed and refuses to change it (409)', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(user).get(PATH)).json()).toEqual({ ...FOREVER, serverCapDays: 10, effectiveDays: 10 });
    expect((await testApp.as(user).put(PATH, { days: 30, includeFavorites: true })).json()).toEqual({
      days: 30,
      includeFavorites: true,
      serverCapDays: 10,
      effectiveDays: 10,
    });
    const admin = await testApp.factory.user({ role: 'admin' });
    const settings = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.settings);
    expect(settings.clipRetentionDays).toEqual({ value: 10, source: 'environment', editable: false });
    const refused = await testApp.as(admin).put('/api/admin/settings', { clipRetentionDays: 30 });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'SETTING_FROM_ENVIRONMENT']);
  });
});
