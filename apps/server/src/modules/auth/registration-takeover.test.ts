import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startSmtpSink } from '../../../test/smtp-sink';

/**
 * Two people register one address that is not confirmed yet: its mailbox's owner and a stranger (decision 039).
 * Whichever comes first, only the owner's password ever signs in, because only the owner holds a link.
 */
describe('two registrations of one unconfirmed address', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let testApp: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await buildTestApp({ SMTP_URL: sink.url, MAIL_COOLDOWN_SECONDS: '1' });
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  // Each caller from its own address, so no per-address limit is what refuses anything here.
  let client = 0;
  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, payload, remoteAddress: `10.50.0.${(client += 1)}` });
  const register = (email: string, name: string, password: string) =>
    post('/api/auth/register', { name, email, password });
  const signIn = (email: string, password: string, confirmation?: string) =>
    post('/api/auth/login', { email, password, ...(confirmation === undefined ? {} : { confirmation }) });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
  /** The answer without its request id, which differs by design. */
  const answerOf = (res: LightMyRequestResponse) => {
    const { requestId: _requestId, ...body } = res.json();
    return [res.statusCode, body];
  };

  /** The stranger never holds a link: every way they could sign in with their own password fails. */
  async function expectStrangerLockedOut(email: string, ownerLinks: string[]) {
    expect((await signIn(email, 'stranger-password')).statusCode).toBe(401);
    expect((await signIn(email, 'stranger-password', 'a-forged-link-token')).statusCode).toBe(401);
    for (const link of ownerLinks)
      expect((await signIn(email, 'stranger-password', tokenOf(link))).statusCode).toBe(401);
  }

  test('the stranger registers first, the owner after: the owner confirms with a link and their password', async () => {
    const email = 'owner-after@example.com';
    const first = await register(email, 'Mallory', 'stranger-password');
    // The stranger's registration mails a link to the owner's mailbox.
    const strangersMail = await sink.waitForMail(email);
    const second = await register(email, 'Olivia', 'owner-password');
    expect(answerOf(second)).toEqual(answerOf(first));

    // Before a link is used, a registration's own password tells its registrant only that it waits.
    expect((await signIn(email, 'stranger-password')).json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect((await signIn(email, 'owner-password')).json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    // A forged link is refused only once the password is proved, and confirms nothing.
    expect((await signIn(email, 'stranger-password', 'a-forged-link-token')).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    // "Resend" switches no password: the stranger asking for it mails the owner one more link.
    await post('/api/auth/resend-confirmation', { email });

    // The owner's own mail comes after the cooldown; the first link in the mailbox does as well.
    const ownersMail = await sink.waitForMail(email);
    expect(ownersMail.text).toContain('Hi Olivia');
    const confirmed = await signIn(email, 'owner-password', tokenOf(strangersMail.links[0] ?? ''));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ name: 'Olivia', emailConfirmedAt: expect.any(String) });

    await expectStrangerLockedOut(email, [strangersMail.links[0] ?? '', ownersMail.links[0] ?? '']);
    expect((await signIn(email, 'owner-password')).statusCode).toBe(200);
  });

  test('the owner registers first, the stranger after: the owner’s first link still confirms their password', async () => {
    const email = 'owner-first@example.com';
    const first = await register(email, 'Olivia', 'owner-password');
    const ownersMail = await sink.waitForMail(email);
    const second = await register(email, 'Mallory', 'stranger-password');
    expect(answerOf(second)).toEqual(answerOf(first));
    const strangersMail = await sink.waitForMail(email);

    // The link is the owner's mailbox's, the password the owner's registration's: the stranger's changes neither.
    const confirmed = await signIn(email, 'owner-password', tokenOf(ownersMail.links[0] ?? ''));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.name).toBe('Olivia');

    await expectStrangerLockedOut(email, [ownersMail.links[0] ?? '', strangersMail.links[0] ?? '']);
    expect((await signIn(email, 'owner-password')).statusCode).toBe(200);
  });

  test('a link with a password no registration chose confirms nothing, and the link still works after', async () => {
    const email = 'typo@example.com';
    await register(email, 'Olivia', 'owner-password');
    const link = (await sink.waitForMail(email)).links[0] ?? '';
    expect((await signIn(email, 'a-password-never-registered', tokenOf(link))).statusCode).toBe(401);
    expect((await signIn(email, 'owner-password', tokenOf(link))).statusCode).toBe(200);
  });

  test('a confirmed account’s password is never changed by a registration, and its answer is a new address’s', async () => {
    const owner = await testApp.factory.user();
    const taken = await register(owner.email, 'Mallory', 'stranger-password');
    const fresh = await register('nobody-yet@example.com', 'Mallory', 'stranger-password');
    expect(answerOf(taken)).toEqual(answerOf(fresh));
    expect((await signIn(owner.email, 'stranger-password')).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
  });
});
