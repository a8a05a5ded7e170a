import { ADMIN_OVERVIEW_ENDPOINTS } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';

const signUp = (app: TestApp, email: string) =>
  app.as(null).post('/api/auth/register', { name: 'Ada', email, password: 'a-long-enough-password' });
const registrationOf = async (app: TestApp) => (await app.as(null).get('/api/auth/registration')).json();

describe('GET and PUT /api/admin/settings, the environment leaving sign-ups unset', () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  test('signed out 401; a user 403 ADMIN_ONLY, for reading and for changing', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(null).get('/api/admin/settings')).statusCode).toBe(401);
    expect((await testApp.as(null).put('/api/admin/settings', { mode: 'closed' })).statusCode).toBe(401);
    expect((await testApp.as(user).get('/api/admin/settings')).json().code).toBe('ADMIN_ONLY');
    const refused = await testApp.as(user).put('/api/admin/settings', { mode: 'closed' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ADMIN_ONLY']);
    expect((await registrationOf(testApp)).mode).toBe('open');
  });

  test('unset everywhere: open, any domain, no history cap, from the default and editable', async () => {
    expect(await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.settings)).toEqual({
      mode: { value: 'open', source: 'default', editable: true },
      emailDomains: { value: [], source: 'default', editable: true },
      clipRetentionDays: { value: null, source: 'default', editable: true },
    });
  });

  test('a PUT changes the mode and sign-up obeys it at once; the sign-up page is told', async () => {
    const saved = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body: { mode: 'closed' } });
    expect(saved.mode).toEqual({ value: 'closed', source: 'console', editable: true });
    expect(await registrationOf(testApp)).toMatchObject({ mode: 'closed', emailDomains: [] });
    const refused = await signUp(testApp, 'newcomer@example.com');
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'Sign-ups are closed on this server']);

    await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body: { mode: 'open' } });
    expect((await signUp(testApp, 'newcomer@example.com')).statusCode).toBe(200);
  });

  test('domains are validated, lower-cased and kept once; sign-up obeys them', async () => {
    for (const emailDomains of [['@example.com'], ['not a domain'], 'example.com', Array(21).fill('example.com')]) {
      const res = await testApp.as(admin).put('/api/admin/settings', { emailDomains });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await testApp.as(admin).put('/api/admin/settings', { mode: 'sometimes' })).statusCode).toBe(400);

    const saved = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, {
      body: { emailDomains: [' Example.COM', 'example.com', 'b.org'] },
    });
    expect(saved.emailDomains).toEqual({ value: ['example.com', 'b.org'], source: 'console', editable: true });
    const refused = await signUp(testApp, 'someone@elsewhere.net');
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      'Sign-ups on this server are for addresses at example.com or b.org',
    ]);
    expect((await signUp(testApp, 'someone@b.org')).statusCode).toBe(200);

    await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body: { emailDomains: [] } });
    expect((await registrationOf(testApp)).emailDomains).toEqual([]);
  });
});

describe('the environment wins: REGISTRATION=invite', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ REGISTRATION: 'invite' });
  });
  afterAll(() => testApp.close());

  test('GET says environment and not editable; a PUT of it is 409 and changes nothing', async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    const settings = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.settings);
    expect(settings.mode).toEqual({ value: 'invite', source: 'environment', editable: false });
    expect(settings.emailDomains).toEqual({ value: [], source: 'default', editable: true });

    const refused = await testApp.as(admin).put('/api/admin/settings', { mode: 'open', emailDomains: ['a.com'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SETTING_FROM_ENVIRONMENT',
      error: "REGISTRATION is set in the server's environment, which wins over the console: change it there",
    });
    expect(await registrationOf(testApp)).toMatchObject({ mode: 'invite', emailDomains: [] });

    // What the environment leaves unset stays the console's.
    await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body: { emailDomains: ['a.com'] } });
    expect(await registrationOf(testApp)).toMatchObject({ mode: 'invite', emailDomains: ['a.com'] });
  });
});
