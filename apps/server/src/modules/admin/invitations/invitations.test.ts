import { ADMIN_INVITATION_ENDPOINTS, AUTH_ENDPOINTS, type AdminInvitation } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { startSmtpSink } from '../../../../test/smtp-sink';
import { adminInvitations, users } from '../../../db/schema';
import { INVITED_REGISTER_MESSAGE } from '../../auth/account-creation.service';

/** Set-up makes accounts (argon2 hashes) and apps: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const PASSWORD = 'a-long-enough-password';
const NO_LONGER_VALID = { error: 'This invitation is no longer valid', code: 'INVITATION_INVALID' };

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** An app with its own SMTP sink, for the tests of one setting. */
function withApp(env: Record<string, string>): () => { app: TestApp; sink: Sink; admin: TestUser } {
  let built: { app: TestApp; sink: Sink; admin: TestUser } | undefined;
  beforeAll(async () => {
    const sink = await startSmtpSink();
    const app = await buildTestApp({ ...env, SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '100000' });
    built = { app, sink, admin: await app.factory.user({ role: 'admin' }) };
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await built?.app.close();
    await built?.sink.close();
  });
  return () => {
    if (!built) throw new Error('the app is built in beforeAll');
    return built;
  };
}

/** The token of the invitation's mailed link (`/register?invitation=…`). */
const invitationTokenOf = (links: string[]) => {
  const link = links.find((candidate) => candidate.includes('/register?invitation=')) ?? '';
  return new URL(link).searchParams.get('invitation') ?? '';
};

const answerOf = (res: LightMyRequestResponse) => {
  const { requestId: _requestId, ...body } = res.json();
  return [res.statusCode, body];
};

async function invite(target: { app: TestApp; sink: Sink; admin: TestUser }, email: string) {
  const created = await target.app.api(target.admin).call(ADMIN_INVITATION_ENDPOINTS.create, { body: { email } });
  const mail = await target.sink.waitForMail(email.toLowerCase());
  return { created, token: invitationTokenOf(mail.links), mail };
}

const signUp = (app: TestApp, email: string, invitation?: string) =>
  app.as(null).post('/api/auth/register', { name: 'Invitee', email, password: PASSWORD, invitation });
const signIn = (app: TestApp, email: string) =>
  app.api(null).call(AUTH_ENDPOINTS.login, { body: { email, password: PASSWORD } });
const accountOf = async (app: TestApp, email: string) =>
  (await app.context.db.select().from(users).where(eq(users.email, email)))[0];

describe('an invited address signs up in every mode, outside the allowed domains too', () => {
  describe.each([
    ['open', {}],
    ['invite', { REGISTRATION: 'invite' }],
    ['closed', { REGISTRATION: 'closed' }],
    ['closed, with REGISTRATION_EMAIL_DOMAINS', { REGISTRATION: 'closed', REGISTRATION_EMAIL_DOMAINS: 'example.com' }],
  ])('REGISTRATION=%s', (_mode, env) => {
    const target = withApp(env);

    test('the invitee signs up with the link, is confirmed at once and signs in', async () => {
      const email = 'guest@elsewhere.org';
      const { token } = await invite(target(), email);
      const res = await signUp(target().app, email, token);
      expect(answerOf(res)).toEqual([200, { message: INVITED_REGISTER_MESSAGE }]);
      expect((await signIn(target().app, email)).user).toMatchObject({ email, role: 'user' });
      const listed = await target()
        .app.api(target().admin)
        .call(ADMIN_INVITATION_ENDPOINTS.list, { query: { status: 'accepted' } });
      expect(listed.invitations.map((invitation) => invitation.email)).toEqual([email]);
    });
  });
});

describe('admin invitations', () => {
  const target = withApp({ REGISTRATION: 'closed' });
  const list = (query: { status?: AdminInvitation['status']; limit?: number; offset?: number } = {}) =>
    target().app.api(target().admin).call(ADMIN_INVITATION_ENDPOINTS.list, { query });

  test('an invitation is mailed with the link to the sign-up form, and listed pending, newest first', async () => {
    const { created, mail, token } = await invite(target(), 'First@Example.net');
    expect(created).toMatchObject({
      email: 'first@example.net',
      status: 'pending',
      invitedByEmail: target().admin.email,
    });
    expect(mail.text).toContain('/register?invitation=');
    expect(mail.raw).toContain('text/html');
    expect(token.length).toBeGreaterThan(20);
    // Only the hash is kept: the link's token is not in the database.
    const [row] = await target()
      .app.context.db.select()
      .from(adminInvitations)
      .where(eq(adminInvitations.id, created.id));
    expect(row?.tokenHash).not.toBe(token);
    expect(new Date(created.expiresAt).getTime() - new Date(created.sentAt).getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    await invite(target(), 'second@example.net');
    const pending = await list({ status: 'pending' });
    expect(pending.invitations.map((invitation) => invitation.email).slice(0, 2)).toEqual([
      'second@example.net',
      'first@example.net',
    ]);
    const firstPage = await list({ limit: 1 });
    expect(firstPage.invitations).toHaveLength(1);
    expect(firstPage.total).toBeGreaterThanOrEqual(2);
    expect((await list({ limit: 1, offset: 1 })).invitations[0]?.email).toBe('first@example.net');
  });

  test('the lookup tells the sign-up page the invited address', async () => {
    const { token } = await invite(target(), 'lookup@example.net');
    const found = await target().app.api(null).call(ADMIN_INVITATION_ENDPOINTS.lookup, { params: { token } });
    expect(found).toEqual({ email: 'lookup@example.net' });
  });

  test('inviting an address again renews its invitation: one row, a new link, the old one dead', async () => {
    const first = await invite(target(), 'again@example.net');
    const second = await invite(target(), 'again@example.net');
    expect(second.created.id).toBe(first.created.id);
    expect(second.token).not.toBe(first.token);
    const rows = await target()
      .app.context.db.select()
      .from(adminInvitations)
      .where(eq(adminInvitations.email, 'again@example.net'));
    expect(rows).toHaveLength(1);
    expect(answerOf(await target().app.as(null).get(`/api/invitations/${first.token}`))).toEqual([
      404,
      NO_LONGER_VALID,
    ]);
    expect((await target().app.as(null).get(`/api/invitations/${second.token}`)).statusCode).toBe(200);
  });

  test('an address that already has an account is refused with 409', async () => {
    const known = await target().app.factory.user();
    const res = await target().app.as(target().admin).post('/api/admin/invitations', { email: known.email });
    expect(answerOf(res)).toEqual([409, { error: 'This address already has an account', code: 'CONFLICT' }]);
  });

  test('a malformed address is 400', async () => {
    const res = await target().app.as(target().admin).post('/api/admin/invitations', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
  });

  test('the sign-up must use the invited address (400), and the invitation stays usable', async () => {
    const { token } = await invite(target(), 'right@example.net');
    const res = await signUp(target().app, 'wrong@example.net', token);
    expect(answerOf(res)).toEqual([
      400,
      { error: 'This invitation is for another e-mail address', code: 'INVITATION_FOR_ANOTHER_EMAIL' },
    ]);
    expect(await accountOf(target().app, 'wrong@example.net')).toBeUndefined();
    expect((await signUp(target().app, 'right@example.net', token)).statusCode).toBe(200);
  });

  test('a used, a revoked, an expired and an unknown link get the same answer, at lookup and at sign-up', async () => {
    const used = await invite(target(), 'used@example.net');
    expect((await signUp(target().app, 'used@example.net', used.token)).statusCode).toBe(200);

    const revoked = await invite(target(), 'revoked@example.net');
    await target()
      .app.api(target().admin)
      .call(ADMIN_INVITATION_ENDPOINTS.revoke, { params: { id: revoked.created.id } });

    const expired = await invite(target(), 'expired@example.net');
    await target()
      .app.context.db.update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.id, expired.created.id));

    const cases = [
      ['used@example.net', used.token],
      ['revoked@example.net', revoked.token],
      ['expired@example.net', expired.token],
      ['unknown@example.net', 'no-such-invitation-token'],
    ] as const;
    for (const [email, token] of cases) {
      expect(answerOf(await target().app.as(null).get(`/api/invitations/${token}`))).toEqual([404, NO_LONGER_VALID]);
      expect(answerOf(await signUp(target().app, email, token))).toEqual([404, NO_LONGER_VALID]);
    }
    expect(await accountOf(target().app, 'revoked@example.net')).toBeUndefined();
    expect((await list({ status: 'revoked' })).invitations.map((invitation) => invitation.email)).toContain(
      'revoked@example.net',
    );
    expect((await list({ status: 'expired' })).invitations.map((invitation) => invitation.email)).toEqual([
      'expired@example.net',
    ]);
  });

  test('two sign-ups racing with one link make one account', async () => {
    const { token } = await invite(target(), 'race@example.net');
    const answers = await Promise.all([
      signUp(target().app, 'race@example.net', token),
      signUp(target().app, 'race@example.net', token),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const rows = await target().app.context.db.select().from(users).where(eq(users.email, 'race@example.net'));
    expect(rows).toHaveLength(1);
  });

  test('an invited sign-up takes over an unconfirmed account, confirmed, and sends no confirmation mail', async () => {
    const email = 'squatted@example.net';
    const { token } = await invite(target(), email);
    await target()
      .app.context.db.insert(users)
      .values({ id: 'squatted-account-id-0000', email, name: 'Someone', passwordHash: 'x', role: 'user' });
    expect((await signUp(target().app, email, token)).statusCode).toBe(200);
    expect((await signIn(target().app, email)).user.name).toBe('Invitee');
    await expect(target().sink.waitForMail(email, 500)).rejects.toThrow();
  });

  test('revoking a used invitation is 409; a forged id is 404; revoking twice is no error', async () => {
    const { created, token } = await invite(target(), 'accepted@example.net');
    await signUp(target().app, 'accepted@example.net', token);
    const revoke = (id: string) => target().app.as(target().admin).delete(`/api/admin/invitations/${id}`);
    expect((await revoke(created.id)).statusCode).toBe(409);
    expect(answerOf(await revoke('AAAAAAAAAAAAAAAAAAAAAA'))).toEqual([
      404,
      { error: 'No such invitation', code: 'NOT_FOUND' },
    ]);
    expect((await revoke('not an id')).statusCode).toBe(400);
    const pending = await invite(target(), 'twice@example.net');
    expect((await revoke(pending.created.id)).statusCode).toBe(204);
    expect((await revoke(pending.created.id)).statusCode).toBe(204);
  });

  test('signed out 401, a user 403 ADMIN_ONLY, a token without the admin scope 403', async () => {
    const user = await target().app.factory.user();
    const calls = [
      ['GET', '/api/admin/invitations', undefined],
      ['POST', '/api/admin/invitations', { email: 'nobody@example.net' }],
      ['DELETE', '/api/admin/invitations/AAAAAAAAAAAAAAAAAAAAAA', undefined],
    ] as const;
    const narrow = await target().app.factory.token({ owner: target().admin, scopes: ['clips:read'] });
    const wide = await target().app.factory.token({ owner: target().admin, scopes: ['admin'] });
    for (const [method, url, payload] of calls) {
      const send = (caller: Parameters<TestApp['as']>[0]) => target().app.as(caller).inject(method, url, payload);
      expect((await send(null)).statusCode).toBe(401);
      expect((await send(user)).json()).toMatchObject({ code: 'ADMIN_ONLY' });
      expect((await send(narrow.caller)).json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    }
    expect((await target().app.as(wide.caller).get('/api/admin/invitations')).statusCode).toBe(200);
  });
});
