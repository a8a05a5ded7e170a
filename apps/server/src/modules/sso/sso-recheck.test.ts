import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../../../test/oidc-provider';
import { auditEvents, refreshTokens, sessions, ssoSessions, users } from '../../db/schema';
import { hashToken } from '../../lib/secure-tokens';
import { SSO_RECHECK_AFTER_MS } from './sso-recheck';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/sso/callback`;

let provider: TestOidcProvider;
let app: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
  app = await buildTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.clientSecret,
    OIDC_ADMIN_GROUP: 'clipsync-admins',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});
beforeEach(() => {
  provider.setDown(false);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const setCookiesOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  setCookiesOf(res)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

/** A whole sign-in through the provider as `sub`, completed: the app's refresh token and the session's id. */
async function ssoSession(sub: string, groups: string[] = []) {
  provider.accounts.set(sub, { sub, email: `${sub}@example.com`, email_verified: true, groups });
  const started = await app.as(null).get('/api/auth/sso/start');
  expect(started.statusCode).toBe(302);
  const back = await provider.signIn(String(started.headers.location), sub);
  const cookie = cookieNamed(started, 'clipsync_sso_state');
  const called = await app.as(null).inject('GET', `${back.pathname}${back.search}`, undefined, { cookie });
  const handoff = cookieNamed(called, 'clipsync_sso_handoff');
  expect(handoff).not.toBe('');
  const completed = await app.as(null).inject('POST', '/api/auth/sso/complete', undefined, { cookie: handoff });
  expect(completed.statusCode).toBe(200);
  const refreshToken = completed.json<{ session: { refresh_token: string } }>().session.refresh_token;
  return { refreshToken, sessionId: await sessionOfToken(refreshToken) };
}

async function sessionOfToken(refreshToken: string): Promise<string> {
  const [row] = await app.context.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (!row) throw new Error('no such refresh token');
  return row.sessionId;
}

const refresh = (refreshToken: string) =>
  app.as(null).inject('POST', '/api/auth/refresh', undefined, { 'x-refresh-token': refreshToken });

const grantOf = async (sessionId: string) =>
  (await app.context.db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId)))[0];

/** As if the provider was last asked about the session longer ago than the bound. */
const ageGrant = (sessionId: string) =>
  app.context.db
    .update(ssoSessions)
    .set({ checkedAt: new Date(Date.now() - SSO_RECHECK_AFTER_MS - 1000) })
    .where(eq(ssoSessions.sessionId, sessionId));

const tokenCalls = () => provider.requestedPaths.filter((path) => path === '/token').length;

const sessionRow = async (sessionId: string) =>
  (await app.context.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];

describe('a session started through the provider', () => {
  test('keeps its grant sealed, and the sign-in asked for offline_access the provider lists', async () => {
    const started = await app.as(null).get('/api/auth/sso/start');
    expect(new URL(String(started.headers.location)).searchParams.get('scope')).toBe(
      'openid email profile offline_access',
    );
    const { sessionId } = await ssoSession('kept');
    const grant = await grantOf(sessionId);
    expect(grant?.sealedRefreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Date.now() - (grant?.checkedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  test('after the bound, a person still allowed gets new tokens; the rotated grant is kept and the admin group applied', async () => {
    const { refreshToken, sessionId } = await ssoSession('stays');
    const [account] = await app.context.db.select().from(users).where(eq(users.email, 'stays@example.com'));
    expect(account?.role).toBe('user');
    const before = await grantOf(sessionId);
    await ageGrant(sessionId);
    provider.accounts.set('stays', {
      sub: 'stays',
      email: 'stays@example.com',
      email_verified: true,
      groups: ['clipsync-admins'],
    });
    const calls = tokenCalls();

    const refreshed = await refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(tokenCalls()).toBe(calls + 1);
    const after = await grantOf(sessionId);
    expect(after?.sealedRefreshToken).not.toBe(before?.sealedRefreshToken);
    expect(Date.now() - (after?.checkedAt.getTime() ?? 0)).toBeLessThan(60_000);
    const [promoted] = await app.context.db
      .select()
      .from(users)
      .where(eq(users.id, account?.id ?? ''));
    expect(promoted?.role).toBe('admin');
    const audited = await app.context.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, account?.id ?? ''));
    expect(audited.map(({ action }) => action)).toContain('sso.admin_granted');

    // The rotated provider token works at the next re-check (the old one would be a replay).
    await ageGrant(sessionId);
    const next = await refresh(refreshed.json<{ refreshToken: string }>().refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });

  test('a person removed at the provider: the refresh answers 401 and the session ends, its sockets told', async () => {
    const { refreshToken, sessionId } = await ssoSession('leaver');
    const revoked: string[] = [];
    app.context.events.on('session.revoked', ({ sessionId: id }) => void revoked.push(id));
    await ageGrant(sessionId);
    provider.accounts.delete('leaver');

    const refused = await refresh(refreshToken);
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await sessionRow(sessionId)).toMatchObject({ revokedReason: 'sso_refused' });
    expect(revoked).toContain(sessionId);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  test("a person removed at the provider: their access tokens and the CLI's device sign-ins end with the session", async () => {
    const { refreshToken, sessionId } = await ssoSession('cli-leaver');
    const refreshed = await refresh(refreshToken);
    const browser = { tokens: { access_token: refreshed.json<{ accessToken: string }>().accessToken } };
    const made = await app.as(browser).post('/api/tokens', { name: 'CI', scopes: ['clips:read'] });
    expect(made.statusCode).toBe(201);
    const personal = { tokens: { access_token: made.json<{ token: string }>().token } };
    // The CLI's sign-in: a device code approved in the browser, claimed by the device's poll.
    const code = await app.as(null).post('/api/device/code', { clientName: 'laptop', scopes: ['clips:read'] });
    const { device_code: deviceCode, user_code: userCode } = code.json<{ device_code: string; user_code: string }>();
    expect((await app.as(browser).post('/api/device/approve', { userCode, scopes: ['clips:read'] })).statusCode).toBe(
      204,
    );
    const claimed = await app.as(null).post('/api/device/token', { device_code: deviceCode });
    const device = { tokens: { access_token: claimed.json<{ access_token: string }>().access_token } };
    // Approved in the browser, not yet claimed by its device: it must not be claimable after the refusal.
    const pending = await app.as(null).post('/api/device/code', { clientName: 'phone', scopes: ['clips:read'] });
    const later = pending.json<{ device_code: string; user_code: string }>();
    expect(
      (await app.as(browser).post('/api/device/approve', { userCode: later.user_code, scopes: ['clips:read'] }))
        .statusCode,
    ).toBe(204);
    for (const caller of [personal, device])
      expect((await app.as(caller).get('/api/tokens/current')).statusCode).toBe(200);

    await ageGrant(sessionId);
    provider.accounts.delete('cli-leaver');
    expect((await refresh(refreshed.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(401);

    for (const caller of [personal, device])
      expect((await app.as(caller).get('/api/tokens/current')).statusCode).toBe(401);
    const lateClaim = await app.as(null).post('/api/device/token', { device_code: later.device_code });
    expect(lateClaim.json()).not.toHaveProperty('access_token');
  });

  test('within the bound the provider is not asked', async () => {
    const { refreshToken, sessionId } = await ssoSession('recent');
    const calls = tokenCalls();
    provider.accounts.delete('recent');
    const refreshed = await refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(tokenCalls()).toBe(calls);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });

  test('the provider down: the session stays, and is asked about again at the next refresh', async () => {
    const { refreshToken, sessionId } = await ssoSession('patient');
    await ageGrant(sessionId);
    const aged = await grantOf(sessionId);
    provider.setDown(true);
    const refreshed = await refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await grantOf(sessionId))?.checkedAt).toEqual(aged?.checkedAt);

    provider.setDown(false);
    provider.accounts.delete('patient');
    const next = await refresh(refreshed.json<{ refreshToken: string }>().refreshToken);
    expect(next.statusCode).toBe(401);
    expect(await sessionRow(sessionId)).toMatchObject({ revokedReason: 'sso_refused' });
  });

  test('concurrent refreshes ask the provider once, so its rotated token is not burnt', async () => {
    const { refreshToken, sessionId } = await ssoSession('busy');
    await ageGrant(sessionId);
    const calls = tokenCalls();
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(tokenCalls()).toBe(calls + 1);

    await ageGrant(sessionId);
    const next = await refresh(answers[0]?.json<{ refreshToken: string }>().refreshToken ?? '');
    expect(next.statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });
});

describe('a re-check that cannot be completed', () => {
  test('a grant that no longer opens (the server secret changed) ends the session', async () => {
    const { refreshToken, sessionId } = await ssoSession('resealed');
    await ageGrant(sessionId);
    await app.context.db
      .update(ssoSessions)
      .set({ sealedRefreshToken: 'sealed.under.another-secret' })
      .where(eq(ssoSessions.sessionId, sessionId));
    const calls = tokenCalls();

    const refused = await refresh(refreshToken);
    expect(refused.statusCode).toBe(401);
    expect(await sessionRow(sessionId)).toMatchObject({ revokedReason: 'sso_grant_unreadable' });
    expect(tokenCalls()).toBe(calls);
  });

  test('an answer without the groups claim leaves the admin role as it is', async () => {
    await app.factory.user({ role: 'admin' });
    const { refreshToken, sessionId } = await ssoSession('quiet-admin', ['clipsync-admins']);
    const [account] = await app.context.db.select().from(users).where(eq(users.email, 'quiet-admin@example.com'));
    expect(account?.role).toBe('admin');
    await ageGrant(sessionId);
    // As Entra: no groups claim at all in what the re-check reads.
    provider.accounts.set('quiet-admin', {
      sub: 'quiet-admin',
      email: 'quiet-admin@example.com',
      email_verified: true,
    });

    const refreshed = await refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const [after] = await app.context.db
      .select()
      .from(users)
      .where(eq(users.id, account?.id ?? ''));
    expect(after?.role).toBe('admin');
  });

  test('the rotated grant not saved: the grant is dropped and the session lives on', async () => {
    const { refreshToken, sessionId } = await ssoSession('unsaved');
    await ageGrant(sessionId);
    const { db } = app.context;
    const update = db.update.bind(db);
    vi.spyOn(db, 'update').mockImplementation(((table: Parameters<typeof update>[0]) => {
      const builder = update(table);
      const set = builder.set.bind(builder);
      return Object.assign(builder, {
        set: (values: Parameters<typeof set>[0]) => {
          if ('sealedRefreshToken' in values) throw new Error('database down');
          return set(values);
        },
      });
    }) as typeof db.update);

    const refreshed = await refresh(refreshToken);
    vi.restoreAllMocks();
    expect(refreshed.statusCode).toBe(200);
    expect(await grantOf(sessionId)).toBeUndefined();
    // No spent provider token left to end the session at a later refresh.
    const calls = tokenCalls();
    const next = await refresh(refreshed.json<{ refreshToken: string }>().refreshToken);
    expect(next.statusCode).toBe(200);
    expect(tokenCalls()).toBe(calls);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });

  test('the database failing during the re-check: the refresh goes on', async () => {
    const { refreshToken, sessionId } = await ssoSession('unlucky');
    await ageGrant(sessionId);
    const { db } = app.context;
    const select = db.select.bind(db);
    vi.spyOn(db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      if (fields && 'sealed' in fields) throw new Error('database down');
      return fields ? select(fields as never) : select();
    }) as typeof db.select);

    const refreshed = await refresh(refreshToken);
    vi.restoreAllMocks();
    expect(refreshed.statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });
});

describe('a password session', () => {
  test('never asks the provider', async () => {
    const user = await app.factory.user();
    const calls = provider.requestedPaths.length;
    const refreshed = await refresh(user.tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(provider.requestedPaths.length).toBe(calls);
  });
});
