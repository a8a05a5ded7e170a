import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../../../test/oidc-provider';
import { auditEvents, userIdentities, users } from '../../db/schema';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/sso/callback`;

const ssoEnv = (provider: TestOidcProvider, env: Record<string, string> = {}) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: TEST_OIDC_CLIENT.clientId,
  OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.clientSecret,
  ...env,
});

const setCookiesOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
const cookieOf = (res: LightMyRequestResponse) => setCookiesOf(res)[0]?.split(';')[0] ?? '';
/** The hand-off cookie the callback sets (after clearing the state cookie). */
const handoffCookieOf = (res: LightMyRequestResponse) =>
  setCookiesOf(res)
    .find((cookie) => cookie.startsWith('clipsync_sso_handoff='))
    ?.split(';')[0] ?? '';

/** The completion page's call, with the cookie its browser holds. */
const complete = (app: TestApp, cookie: string) =>
  app.as(null).inject('POST', '/api/auth/sso/complete', undefined, cookie ? { cookie } : {});

/** The start, as the browser's top-level navigation: where it is sent and the state cookie it keeps. */
async function start(app: TestApp, returnTo = '/clips') {
  const res = await app.as(null).get(`/api/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`);
  expect(res.statusCode).toBe(302);
  return { location: String(res.headers.location), cookie: cookieOf(res) };
}

/** The provider's redirect back, as the browser makes it with its state cookie. */
const callback = (app: TestApp, url: URL, cookie: string) =>
  app.as(null).inject('GET', `${url.pathname}${url.search}`, undefined, cookie ? { cookie } : {});

/** A whole sign-in as `sub`: start, the provider's login and consent, the callback. */
async function signIn(app: TestApp, provider: TestOidcProvider, sub: string, returnTo?: string) {
  const { location, cookie } = await start(app, returnTo);
  const back = await provider.signIn(location, sub);
  return callback(app, back, cookie);
}

const refusalOf = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), PUBLIC_URL).searchParams.get('code');
};

/**
 * The completion page: the callback's redirect carries no token, only where to go; the page's call trades the
 * browser's hand-off cookie for the session, as a password sign-in answers it.
 */
async function sessionOf(app: TestApp, res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), PUBLIC_URL);
  expect([location.pathname, location.hash, [...location.searchParams.keys()]]).toEqual([
    '/auth/sso',
    '',
    ['return_to'],
  ]);
  const completed = await complete(app, handoffCookieOf(res));
  expect(completed.statusCode).toBe(200);
  const { session } = completed.json<{ session: { refresh_token: string } }>();
  return { refreshToken: session.refresh_token, returnTo: location.searchParams.get('return_to') };
}

/** The web's next step: the refresh token for a session, then who it is. */
async function meWith(app: TestApp, refreshToken: string) {
  const refreshed = await app
    .as(null)
    .inject('POST', '/api/auth/refresh', undefined, { 'x-refresh-token': refreshToken });
  expect(refreshed.statusCode).toBe(200);
  const { accessToken } = refreshed.json<{ accessToken: string }>();
  const me = await app.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return me.json<{ user: { id: string; email: string; name: string; role: string; emailConfirmedAt: string | null } }>()
    .user;
}

const eventsOf = (app: TestApp, userId: string) =>
  app.context.db
    .select({ action: auditEvents.action, actorId: auditEvents.actorId, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.subjectUserId, userId));

const accountOf = async (app: TestApp, email: string) =>
  (await app.context.db.select().from(users).where(eq(users.email, email)))[0];

/** One provider and one app per setting: both are slow to start on a busy machine. */
function withSso(env: Record<string, string> = {}, extraClients: string[] = []) {
  let provider: TestOidcProvider | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    provider = await startTestOidcProvider({ redirectUri: REDIRECT_URI, extraClients });
    app = await buildTestApp(ssoEnv(provider, env));
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });
  return () => {
    if (!app || !provider) throw new Error('built in beforeAll');
    return { app, provider };
  };
}

describe('without OIDC_* settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  test('SSO is off: the pages are told so and start and callback do not exist', async () => {
    expect((await app.as(null).get('/api/auth/sso')).json()).toEqual({ enabled: false, buttonText: '', only: false });
    const started = await app.as(null).get('/api/auth/sso/start');
    expect([started.statusCode, started.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await app.as(null).get('/api/auth/sso/callback?code=x&state=y')).statusCode).toBe(404);
    const user = await app.factory.user();
    expect((await app.as(user).get('/api/account/sso')).statusCode).toBe(404);
  });
});

describe('sign-in through the provider', () => {
  // Many sign-ins from one address in one app: the per-address limit is not what this block tests.
  const sso = withSso({ OIDC_BUTTON_TEXT: 'Sign in with Authentik', AUTH_RATE_LIMIT_PER_IP: '1000' });

  test('the pages are told the button', async () => {
    expect((await sso().app.as(null).get('/api/auth/sso')).json()).toEqual({
      enabled: true,
      buttonText: 'Sign in with Authentik',
      only: false,
    });
  });

  test('the start sends the browser to the provider with state, nonce and PKCE, and a Lax httpOnly cookie', async () => {
    const res = await sso().app.as(null).get('/api/auth/sso/start?returnTo=/rooms');
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(sso().provider.issuer);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toBeTruthy();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax; Max-Age=600$/);
  });

  test('a return path to another site is dropped: the sign-in lands on the dashboard', async () => {
    const { app, provider } = sso();
    provider.accounts.set('wanderer', { sub: 'wanderer', email: 'wanderer@example.com', email_verified: true });
    for (const returnTo of ['/\t/evil.com', '//evil.com', '/\\evil.com', '%2F%2Fevil.com', 'https://evil.com']) {
      const res = await signIn(app, provider, 'wanderer', returnTo);
      expect((await sessionOf(app, res)).returnTo).toBe('/dashboard');
    }
  });

  test('the session is never taken from the URL: the hand-off works once, only with its cookie', async () => {
    const { app, provider } = sso();
    provider.accounts.set('hand', { sub: 'hand', email: 'hand@example.com', email_verified: true });
    const res = await signIn(app, provider, 'hand');
    const handoff = handoffCookieOf(res);
    expect(setCookiesOf(res).find((cookie) => cookie.startsWith('clipsync_sso_handoff='))).toMatch(
      /Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax; Max-Age=120$/,
    );
    // The old attack: an attacker's own token in the page's fragment. The completion call reads no URL.
    const forged = await complete(app, '');
    expect([forged.statusCode, forged.json().code]).toEqual([401, 'SSO_HANDOFF_INVALID']);

    const first = await complete(app, handoff);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: { email: 'hand@example.com' },
      session: { refresh_token: expect.any(String) },
      firstSignIn: true,
    });
    expect(String(first.headers['set-cookie'])).toMatch(/^clipsync_sso_handoff=; .*Max-Age=0/);
    const again = await complete(app, handoff);
    expect([again.statusCode, again.json().code]).toEqual([401, 'SSO_HANDOFF_INVALID']);
    expect((await complete(app, 'clipsync_sso_handoff=made-up')).statusCode).toBe(401);
    // The account's next sign-in through the provider is not its first.
    const later = await complete(app, handoffCookieOf(await signIn(app, provider, 'hand')));
    expect(later.json()).toMatchObject({ firstSignIn: false });
  });

  test('an account disabled between the callback and the completion gets no session', async () => {
    const { app, provider } = sso();
    provider.accounts.set('late', { sub: 'late', email: 'late@example.com', email_verified: true });
    const res = await signIn(app, provider, 'late');
    await app.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'late@example.com'));
    const completed = await complete(app, handoffCookieOf(res));
    expect([completed.statusCode, completed.json().code]).toEqual([403, 'ACCOUNT_DISABLED']);
  });

  test("a provider's long error description reaches the refusal page, never a bare 400", async () => {
    const { app } = sso();
    const { location, cookie } = await start(app);
    const state = new URL(location).searchParams.get('state') ?? '';
    const long = new URL(`${REDIRECT_URI}?error=access_denied&error_description=${'x'.repeat(3000)}&state=${state}`);
    expect(refusalOf(await callback(app, long, cookie))).toBe('provider_refused');
  });

  test('the first sign-in makes a confirmed account without a password, named from the profile; the second signs in the same account', async () => {
    const { app, provider } = sso();
    // Not the server's first account, which would be its admin whatever the door.
    await app.factory.user({ role: 'admin' });
    provider.accounts.set('ada-sub', {
      sub: 'ada-sub',
      email: 'Ada@Example.com',
      email_verified: true,
      name: '  Ada\u0000 \u202eLovelace ',
    });
    const first = await sessionOf(app, await signIn(app, provider, 'ada-sub', '/rooms'));
    expect(first.returnTo).toBe('/rooms');
    const user = await meWith(app, first.refreshToken);
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' });
    expect(user.emailConfirmedAt).not.toBeNull();
    const login = await app.as(null).post('/api/auth/login', { email: 'ada@example.com', password: '!sso-only' });
    expect(login.statusCode).toBe(401);

    const second = await sessionOf(app, await signIn(app, provider, 'ada-sub'));
    expect((await meWith(app, second.refreshToken)).id).toBe(user.id);
    const identities = await app.context.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identities).toMatchObject([{ issuer: new URL(provider.issuer).href, subject: 'ada-sub' }]);
  });

  test('an unverified or missing e-mail is refused with a clear page and makes no account', async () => {
    const { app, provider } = sso();
    provider.accounts.set('unverified', { sub: 'unverified', email: 'unverified@example.com', email_verified: false });
    provider.accounts.set('no-mail', { sub: 'no-mail', name: 'Nobody' });
    expect(refusalOf(await signIn(app, provider, 'unverified'))).toBe('email_unverified');
    expect(refusalOf(await signIn(app, provider, 'no-mail'))).toBe('email_unverified');
    expect(await accountOf(app, 'unverified@example.com')).toBeUndefined();
  });

  test('the address of a password account is refused, never linked silently', async () => {
    const { app, provider } = sso();
    const owner = await app.factory.user({ email: 'owner@example.com' });
    provider.accounts.set('owner-sub', { sub: 'owner-sub', email: 'owner@example.com', email_verified: true });
    expect(refusalOf(await signIn(app, provider, 'owner-sub'))).toBe('email_in_use');
    const linked = await app.context.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id));
    expect(linked).toEqual([]);
  });

  test('a disabled account gets no session', async () => {
    const { app, provider } = sso();
    provider.accounts.set('dis', { sub: 'dis', email: 'dis@example.com', email_verified: true });
    await sessionOf(app, await signIn(app, provider, 'dis'));
    await app.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'dis@example.com'));
    expect(refusalOf(await signIn(app, provider, 'dis'))).toBe('account_disabled');
  });

  test('a replayed callback, a foreign state and a callback without its cookie are refused', async () => {
    const { app, provider } = sso();
    provider.accounts.set('rep', { sub: 'rep', email: 'rep@example.com', email_verified: true });
    const { location, cookie } = await start(app);
    const back = await provider.signIn(location, 'rep');
    await sessionOf(app, await callback(app, back, cookie));
    expect(refusalOf(await callback(app, back, cookie))).toBe('expired');

    // Another browser's sign-in (login CSRF): its state is not this browser's.
    const mine = await start(app);
    const theirs = await start(app);
    const theirBack = await provider.signIn(theirs.location, 'rep');
    expect(refusalOf(await callback(app, theirBack, mine.cookie))).toBe('invalid_response');
    expect(refusalOf(await callback(app, theirBack, ''))).toBe('expired');
  });

  test('the user cancelling at the provider is a clear page', async () => {
    const { app } = sso();
    const { location, cookie } = await start(app);
    const state = new URL(location).searchParams.get('state') ?? '';
    const back = new URL(`${REDIRECT_URI}?error=access_denied&state=${state}`);
    expect(refusalOf(await callback(app, back, cookie))).toBe('provider_refused');
  });
});

describe('a wrong issuer or audience', () => {
  const sso = withSso({}, ['another-client']);
  let other: TestOidcProvider;
  beforeAll(async () => {
    other = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
  });
  afterAll(() => other.close());

  test('an answer from another provider is refused', async () => {
    const { app } = sso();
    other.accounts.set('mallory', { sub: 'mallory', email: 'mallory@example.com', email_verified: true });
    const { location, cookie } = await start(app);
    const elsewhere = new URL(location);
    const redirected = new URL(`${other.issuer}${elsewhere.pathname}${elsewhere.search}`);
    const back = await other.signIn(redirected.href, 'mallory');
    expect(refusalOf(await callback(app, back, cookie))).toBe('invalid_response');
    expect(await accountOf(app, 'mallory@example.com')).toBeUndefined();
  });

  test('a code issued to another client is refused', async () => {
    const { app, provider } = sso();
    provider.accounts.set('eve', { sub: 'eve', email: 'eve@example.com', email_verified: true });
    const { location, cookie } = await start(app);
    const forOther = new URL(location);
    forOther.searchParams.set('client_id', 'another-client');
    const back = await provider.signIn(forOther.href, 'eve');
    expect(refusalOf(await callback(app, back, cookie))).toBe('invalid_response');
    expect(await accountOf(app, 'eve@example.com')).toBeUndefined();
  });

  test("an ID token re-signed by a key that is not the provider's is refused; the provider's own signs in", async () => {
    const { app, provider } = sso();
    provider.accounts.set('forged', { sub: 'forged', email: 'forged@example.com', email_verified: true });
    provider.setForgedIdTokens(true);
    try {
      expect(refusalOf(await signIn(app, provider, 'forged'))).toBe('invalid_response');
    } finally {
      provider.setForgedIdTokens(false);
    }
    expect(await accountOf(app, 'forged@example.com')).toBeUndefined();
    await sessionOf(app, await signIn(app, provider, 'forged'));
    expect(await accountOf(app, 'forged@example.com')).toBeDefined();
  });
});

describe('the provider down', () => {
  let app: TestApp;
  beforeAll(async () => {
    const gone = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
    await gone.close();
    app = await buildTestApp(ssoEnv(gone));
  });
  afterAll(() => app.close());

  test('the start is a clear page, and password sign-in still works', async () => {
    const res = await app.as(null).get('/api/auth/sso/start');
    expect(refusalOf(res)).toBe('unavailable');
    const user = await app.factory.user({ email: 'pw@example.com' });
    const login = await app.as(null).post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('registration modes', () => {
  const person = (provider: TestOidcProvider, sub: string) =>
    provider.accounts.set(sub, { sub, email: `${sub}@example.com`, email_verified: true, name: sub });

  describe('OIDC_REGISTER=off', () => {
    const sso = withSso({ OIDC_REGISTER: 'off' });
    test('SSO makes no account, even with sign-ups open', async () => {
      const { app, provider } = sso();
      person(provider, 'off-user');
      expect(refusalOf(await signIn(app, provider, 'off-user'))).toBe('sso_sign_up_off');
      expect(await accountOf(app, 'off-user@example.com')).toBeUndefined();
    });
  });

  describe('REGISTRATION=closed, OIDC_REGISTER unset', () => {
    const sso = withSso({ REGISTRATION: 'closed', ADMIN_EMAILS: 'root@example.com' });
    test('SSO makes no account', async () => {
      const { app, provider } = sso();
      await app.factory.user({ email: 'root@example.com', role: 'admin' });
      person(provider, 'closed-user');
      expect(refusalOf(await signIn(app, provider, 'closed-user'))).toBe('sign_ups_closed');
    });
  });

  describe('REGISTRATION=closed, OIDC_REGISTER=auto written', () => {
    const sso = withSso({ REGISTRATION: 'closed', OIDC_REGISTER: 'auto', REGISTRATION_EMAIL_DOMAINS: 'example.com' });
    test("the provider's people get accounts, within the domains", async () => {
      const { app, provider } = sso();
      await app.factory.user({ role: 'admin' });
      person(provider, 'auto-user');
      await sessionOf(app, await signIn(app, provider, 'auto-user'));
      provider.accounts.set('outsider', { sub: 'outsider', email: 'x@elsewhere.net', email_verified: true });
      expect(refusalOf(await signIn(app, provider, 'outsider'))).toBe('domain_not_allowed');
    });
  });

  const closeInConsole = async (app: TestApp) => {
    const admin = await app.factory.user({ role: 'admin' });
    expect((await app.as(admin).put('/api/admin/settings', { mode: 'closed' })).statusCode).toBe(200);
  };

  describe('sign-ups closed in the console, OIDC_REGISTER=auto written', () => {
    const sso = withSso({ OIDC_REGISTER: 'auto' });
    test("the provider's people still get accounts", async () => {
      const { app, provider } = sso();
      await closeInConsole(app);
      person(provider, 'console-auto');
      await sessionOf(app, await signIn(app, provider, 'console-auto'));
    });
  });

  describe('sign-ups closed in the console, OIDC_REGISTER unset', () => {
    const sso = withSso();
    test('SSO makes no account', async () => {
      const { app, provider } = sso();
      await closeInConsole(app);
      person(provider, 'console-default');
      expect(refusalOf(await signIn(app, provider, 'console-default'))).toBe('sign_ups_closed');
    });
  });

  describe('OIDC_ONLY=true', () => {
    const sso = withSso({ OIDC_ONLY: 'true' });
    test('the address of a password account is sent to an admin, since its password cannot sign in here', async () => {
      const { app, provider } = sso();
      await app.factory.user({ email: 'only-owner@example.com' });
      person(provider, 'only-owner');
      expect(refusalOf(await signIn(app, provider, 'only-owner'))).toBe('email_in_use_only');
    });
  });

  describe('REGISTRATION=invite', () => {
    const sso = withSso({ REGISTRATION: 'invite' });
    test('SSO makes no account without an invitation', async () => {
      const { app, provider } = sso();
      await app.factory.user({ role: 'admin' });
      person(provider, 'uninvited');
      expect(refusalOf(await signIn(app, provider, 'uninvited'))).toBe('invitation_needed');
    });
  });
});

describe('OIDC_SCOPES written by the operator', () => {
  const sso = withSso({ OIDC_SCOPES: 'openid email profile' });

  test('is asked as written: offline_access is not added even where the provider lists it', async () => {
    const { app } = sso();
    const started = await app.as(null).get('/api/auth/sso/start');
    expect(new URL(String(started.headers.location)).searchParams.get('scope')).toBe('openid email profile');
  });
});

describe('OIDC_ADMIN_GROUP', () => {
  const sso = withSso({ OIDC_ADMIN_GROUP: 'clipsync-admins' });

  test('members are admins, re-read at every sign-in; the last admin stays one', async () => {
    const { app, provider } = sso();
    provider.accounts.set('boss', {
      sub: 'boss',
      email: 'boss@example.com',
      email_verified: true,
      groups: ['staff', 'clipsync-admins'],
    });
    expect((await meWith(app, (await sessionOf(app, await signIn(app, provider, 'boss'))).refreshToken)).role).toBe(
      'admin',
    );

    // Out of the group while the only admin: kept, so the server is never left without one.
    provider.accounts.set('boss', { sub: 'boss', email: 'boss@example.com', email_verified: true, groups: ['staff'] });
    expect((await meWith(app, (await sessionOf(app, await signIn(app, provider, 'boss'))).refreshToken)).role).toBe(
      'admin',
    );

    await app.factory.user({ role: 'admin' });
    const boss = await meWith(app, (await sessionOf(app, await signIn(app, provider, 'boss'))).refreshToken);
    expect(boss.role).toBe('user');
    provider.accounts.set('boss', {
      sub: 'boss',
      email: 'boss@example.com',
      email_verified: true,
      groups: ['clipsync-admins'],
    });
    expect((await meWith(app, (await sessionOf(app, await signIn(app, provider, 'boss'))).refreshToken)).role).toBe(
      'admin',
    );
    // Nobody signed in changed the role: the audit says the provider's group did, both ways.
    const byGroup = expect.objectContaining({ source: 'sso_group', group: 'clipsync-admins' });
    const changes = (await eventsOf(app, boss.id)).filter((event) => event.action.startsWith('sso.admin_'));
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        { action: 'sso.admin_revoked', actorId: null, details: byGroup },
        { action: 'sso.admin_granted', actorId: null, details: byGroup },
      ]),
    );
  });

  test('a disabled account settles nothing: its role stays', async () => {
    const { app, provider } = sso();
    await app.factory.user({ role: 'admin' });
    provider.accounts.set('off-boss', { sub: 'off-boss', email: 'off-boss@example.com', email_verified: true });
    await sessionOf(app, await signIn(app, provider, 'off-boss'));
    await app.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'off-boss@example.com'));
    provider.accounts.set('off-boss', {
      sub: 'off-boss',
      email: 'off-boss@example.com',
      email_verified: true,
      groups: ['clipsync-admins'],
    });
    expect(refusalOf(await signIn(app, provider, 'off-boss'))).toBe('account_disabled');
    expect((await accountOf(app, 'off-boss@example.com'))?.role).toBe('user');
  });
});

describe('linking and unlinking under Settings', () => {
  const sso = withSso();

  test('a password account links its identity, then signs in by it; unlinking leaves the password', async () => {
    const { app, provider } = sso();
    await app.factory.user({ role: 'admin' });
    const owner = await app.factory.user({ email: 'linker@example.com' });
    provider.accounts.set('linker-sub', { sub: 'linker-sub', email: 'linker@corp.example', email_verified: true });
    expect((await app.as(owner).get('/api/account/sso')).json()).toEqual({ identity: null, hasPassword: true });

    const started = await app.as(owner).post('/api/account/sso/link', { returnTo: '/settings/tokens' });
    expect(started.statusCode).toBe(200);
    const back = await provider.signIn(started.json<{ url: string }>().url, 'linker-sub');
    const linked = await callback(app, back, cookieOf(started));
    expect([linked.statusCode, linked.headers.location]).toEqual([302, '/settings/tokens']);
    expect((await app.as(owner).get('/api/account/sso')).json()).toEqual({
      identity: { issuer: new URL(provider.issuer).href, email: 'linker@corp.example' },
      hasPassword: true,
    });
    expect((await meWith(app, (await sessionOf(app, await signIn(app, provider, 'linker-sub'))).refreshToken)).id).toBe(
      owner.id,
    );

    expect((await app.as(owner).delete('/api/account/sso')).statusCode).toBe(204);
    expect((await app.as(owner).get('/api/account/sso')).json()).toEqual({ identity: null, hasPassword: true });
    const ssoEvents = (await eventsOf(app, owner.id)).filter((event) => event.action.startsWith('sso.'));
    const said = { issuer: new URL(provider.issuer).href, email: 'linker@corp.example' };
    expect(ssoEvents).toHaveLength(2);
    expect(ssoEvents).toEqual(
      expect.arrayContaining([
        { action: 'sso.linked', actorId: owner.id, details: expect.objectContaining(said) },
        { action: 'sso.unlinked', actorId: owner.id, details: expect.objectContaining(said) },
      ]),
    );
  });

  test('a disabled account cannot link', async () => {
    const { app, provider } = sso();
    const owner = await app.factory.user({ email: 'gone@example.com' });
    provider.accounts.set('gone-sub', { sub: 'gone-sub', email: 'gone@corp.example', email_verified: true });
    const started = await app.as(owner).post('/api/account/sso/link', {});
    await app.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.id));
    const back = await provider.signIn(started.json<{ url: string }>().url, 'gone-sub');
    expect(refusalOf(await callback(app, back, cookieOf(started)))).toBe('account_disabled');
  });

  test('an identity linked to another account is refused', async () => {
    const { app, provider } = sso();
    provider.accounts.set('taken-sub', { sub: 'taken-sub', email: 'taken@example.com', email_verified: true });
    await sessionOf(app, await signIn(app, provider, 'taken-sub'));
    const other = await app.factory.user();
    const started = await app.as(other).post('/api/account/sso/link', {});
    const back = await provider.signIn(started.json<{ url: string }>().url, 'taken-sub');
    expect(refusalOf(await callback(app, back, cookieOf(started)))).toBe('identity_taken');
    expect((await app.as(other).get('/api/account/sso')).json()).toEqual({ identity: null, hasPassword: true });
  });

  test('an account without a password cannot unlink its only way in', async () => {
    const { app, provider } = sso();
    provider.accounts.set('only-sub', { sub: 'only-sub', email: 'only@example.com', email_verified: true });
    const { refreshToken } = await sessionOf(app, await signIn(app, provider, 'only-sub'));
    const refreshed = await app
      .as(null)
      .inject('POST', '/api/auth/refresh', undefined, { 'x-refresh-token': refreshToken });
    const bearer = { authorization: `Bearer ${refreshed.json<{ accessToken: string }>().accessToken}` };
    const unlink = await app.app.inject({ method: 'DELETE', url: '/api/account/sso', headers: bearer });
    expect([unlink.statusCode, unlink.json().code]).toEqual([409, 'CONFLICT']);
    const link = await app.app.inject({ method: 'GET', url: '/api/account/sso', headers: bearer });
    expect(link.json()).toMatchObject({ identity: { email: 'only@example.com' }, hasPassword: false });
  });

  test('signed out, the account calls answer 401', async () => {
    expect((await sso().app.as(null).get('/api/account/sso')).statusCode).toBe(401);
    expect((await sso().app.as(null).post('/api/account/sso/link', {})).statusCode).toBe(401);
  });
});
