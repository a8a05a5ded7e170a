import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { roomInvitations, users } from '../../db/schema';
import { REGISTER_MESSAGE } from './account-creation.service';

const CLOSED = { error: 'Sign-ups are closed on this server', code: 'REGISTRATION_CLOSED' };
const BY_INVITATION = { error: 'Sign-ups are by invitation on this server', code: 'REGISTRATION_CLOSED' };

const signUp = (app: TestApp, email: string) =>
  app.as(null).post('/api/auth/register', { name: 'Ada', email, password: 'a-long-enough-password' });
const accountOf = async (app: TestApp, email: string) =>
  (await app.context.db.select().from(users).where(eq(users.email, email)))[0];
const settingsOf = async (app: TestApp) => (await app.as(null).get('/api/auth/registration')).json();
/** The answer without its request id, which differs by design. */
const answerOf = (res: LightMyRequestResponse) => {
  const { requestId: _requestId, ...body } = res.json();
  return [res.statusCode, body];
};

/** One app per setting, for all the tests of that setting: apps are slow to build on a busy machine. */
function withApp(env: Record<string, string>): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp(env);
  });
  afterAll(() => testApp?.close());
  return () => {
    if (!testApp) throw new Error('the app is built in beforeAll');
    return testApp;
  };
}

describe('REGISTRATION=open (the default)', () => {
  const app = withApp({});

  test('anyone signs up, and the settings say so', async () => {
    expect(await settingsOf(app())).toMatchObject({ mode: 'open', emailDomains: [] });
    expect(answerOf(await signUp(app(), 'anyone@example.net'))).toEqual([200, { message: REGISTER_MESSAGE }]);
  });
});

describe('REGISTRATION=closed', () => {
  const app = withApp({ REGISTRATION: 'closed', ADMIN_EMAILS: 'Operator@Home.net, deputy@home.net' });

  test('no one signs up, and no account is made', async () => {
    expect(await settingsOf(app())).toMatchObject({ mode: 'closed', emailDomains: [] });
    expect(answerOf(await signUp(app(), 'anyone@example.net'))).toEqual([403, CLOSED]);
    expect(await accountOf(app(), 'anyone@example.net')).toBeUndefined();
  });

  test('an address with an account and one without get the same refusal', async () => {
    const known = await app().factory.user({ email: 'known@example.com' });
    expect(answerOf(await signUp(app(), known.email))).toEqual([403, CLOSED]);
    expect(answerOf(await signUp(app(), 'unknown@example.com'))).toEqual([403, CLOSED]);
  });

  test('an address in ADMIN_EMAILS signs up all the same while there is no admin; then it is refused like any', async () => {
    expect((await signUp(app(), 'operator@home.net')).statusCode).toBe(200);
    expect(await accountOf(app(), 'operator@home.net')).toMatchObject({ role: 'admin' });
    // Otherwise the answer would tell a stranger which addresses the list holds.
    expect(answerOf(await signUp(app(), 'deputy@home.net'))).toEqual([403, CLOSED]);
    expect(await accountOf(app(), 'deputy@home.net')).toBeUndefined();
  });
});

describe('REGISTRATION=invite, with REGISTRATION_EMAIL_DOMAINS', () => {
  const app = withApp({ REGISTRATION: 'invite', REGISTRATION_EMAIL_DOMAINS: 'example.com' });
  const invite = async (email: string) => {
    const owner = await app().factory.user();
    const room = await app().factory.room({ owner });
    expect((await app().as(owner).post(`/api/rooms/${room.id}/members`, { email })).statusCode).toBe(202);
  };

  test('an address without a room invitation is refused, whether or not it has an account', async () => {
    expect(await settingsOf(app())).toMatchObject({ mode: 'invite', emailDomains: ['example.com'] });
    const known = await app().factory.user({ email: 'member@example.com' });
    expect(answerOf(await signUp(app(), known.email))).toEqual([403, BY_INVITATION]);
    expect(answerOf(await signUp(app(), 'stranger@example.com'))).toEqual([403, BY_INVITATION]);
    expect(await accountOf(app(), 'stranger@example.com')).toBeUndefined();
  });

  test('an address a room invited signs up, and may again until it confirms', async () => {
    await invite('Guest@Example.com');
    expect((await signUp(app(), 'guest@example.com')).statusCode).toBe(200);
    expect((await signUp(app(), 'guest@example.com')).statusCode).toBe(200);
    expect(await accountOf(app(), 'guest@example.com')).toMatchObject({ emailConfirmedAt: null });
  });

  test('an expired invitation does not open the door', async () => {
    await invite('late@example.com');
    await app()
      .context.db.update(roomInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(roomInvitations.email, 'late@example.com'));
    expect(answerOf(await signUp(app(), 'late@example.com'))).toEqual([403, BY_INVITATION]);
  });

  test('an invitation does not widen the domains', async () => {
    await invite('guest@elsewhere.net');
    expect(answerOf(await signUp(app(), 'guest@elsewhere.net'))).toEqual([
      403,
      { code: 'REGISTRATION_CLOSED', error: 'Sign-ups on this server are for addresses at example.com' },
    ]);
  });
});

describe('REGISTRATION_EMAIL_DOMAINS', () => {
  const app = withApp({ REGISTRATION_EMAIL_DOMAINS: 'Example.com, example.org' });
  const OUTSIDE = {
    code: 'REGISTRATION_CLOSED',
    error: 'Sign-ups on this server are for addresses at example.com or example.org',
  };

  test('addresses at those domains sign up, in any case', async () => {
    expect(await settingsOf(app())).toMatchObject({ mode: 'open', emailDomains: ['example.com', 'example.org'] });
    expect((await signUp(app(), 'in@EXAMPLE.com')).statusCode).toBe(200);
    expect((await signUp(app(), 'also@example.org')).statusCode).toBe(200);
  });

  test('others are told which domains, a subdomain or a look-alike too', async () => {
    expect(answerOf(await signUp(app(), 'out@example.com.evil.net'))).toEqual([403, OUTSIDE]);
    expect(answerOf(await signUp(app(), 'sub@mail.example.com'))).toEqual([403, OUTSIDE]);
  });

  test('an address with an account and one without get the same refusal', async () => {
    const known = await app().factory.user({ email: 'known@elsewhere.net' });
    expect(answerOf(await signUp(app(), known.email))).toEqual([403, OUTSIDE]);
    expect(answerOf(await signUp(app(), 'unknown@elsewhere.net'))).toEqual([403, OUTSIDE]);
  });
});
