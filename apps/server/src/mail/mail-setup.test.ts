import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** The sign-up settings tell the check-your-email page where a link goes, and nothing more of the mail set-up. */
describe('where mailed links go, as the sign-up page is told', { timeout: 60_000 }, () => {
  let testApp: TestApp | undefined;
  afterEach(() => testApp?.close());

  const mailOf = async (env: Record<string, string>) => {
    testApp = await buildTestApp(env);
    return (await testApp.api(null).call(AUTH_ENDPOINTS.registration)).mail;
  };

  test('without SMTP_URL, outside production: not configured, and the dev outbox', async () => {
    expect(await mailOf({})).toEqual({ configured: false, outboxPath: '/api/dev/outbox' });
  });

  test('without SMTP_URL in production: not configured, and no outbox', async () => {
    expect(await mailOf({ NODE_ENV: 'production' })).toEqual({ configured: false });
  });

  test('with SMTP_URL: configured, and neither its host nor its credentials', async () => {
    expect(await mailOf({ SMTP_URL: 'smtp://user:secret@mail.example.com:587' })).toEqual({ configured: true });
  });
});
