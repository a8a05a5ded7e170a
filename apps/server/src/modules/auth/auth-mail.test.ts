import { createServer, isIPv4, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startSmtpSink } from '../../../test/smtp-sink';
import { machineAddresses } from '../../lib/link-origin';
import { REGISTER_MESSAGE } from './account-creation.service';
import { FORGOT_MESSAGE, RESEND_MESSAGE } from './auth.service';

const linkPath = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** An SMTP server that accepts connections and never says a word: a transport that never answers. */
async function startSilentSmtp(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('mail leaves the request path', () => {
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let testApp: TestApp;
  beforeAll(async () => {
    silent = await startSilentSmtp();
    testApp = await buildTestApp({ SMTP_URL: silent.url });
  });
  afterAll(async () => {
    await silent.close();
    await testApp.close();
  });
  const post = (url: string, payload: object, remoteAddress: string) =>
    testApp.app.inject({ method: 'POST', url, payload, remoteAddress });

  // Were any branch to await the transport, its request would hang for nodemailer's 30 s greeting timeout
  // and fail this test's 5 s limit.
  test('no branch of register or forgot-password waits for a transport that never answers', async () => {
    const confirmed = await testApp.factory.user();
    const calls = [
      ['/api/auth/register', { name: 'New', email: 'new@example.com', password: 'new-password' }, REGISTER_MESSAGE],
      ['/api/auth/register', { name: 'Again', email: 'new@example.com', password: 'other-password' }, REGISTER_MESSAGE],
      ['/api/auth/register', { name: 'Taken', email: confirmed.email, password: 'some-password' }, REGISTER_MESSAGE],
      ['/api/auth/forgot-password', { email: confirmed.email }, FORGOT_MESSAGE],
      ['/api/auth/forgot-password', { email: 'nobody@example.com' }, FORGOT_MESSAGE],
    ] as const;
    for (const [index, [url, payload, message]] of calls.entries()) {
      const res = await post(url, payload, `10.20.0.${index + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message });
    }
    // The mails were really handed to the transport, which is still silent.
    await expect.poll(() => silent.connections()).toBeGreaterThan(0);
  });
});

/** Short, so that the tests that wait for a second mail wait a second only. */
const COOLDOWN_MS = 1000;

describe('registration of an unconfirmed address', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let testApp: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await buildTestApp({ SMTP_URL: sink.url, MAIL_COOLDOWN_SECONDS: String(COOLDOWN_MS / 1000) });
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });
  const post = (url: string, payload: object, remoteAddress = '10.30.0.1') =>
    testApp.app.inject({ method: 'POST', url, payload, remoteAddress });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password }, '10.30.0.9');

  test('an unconfirmed account can ask for another confirmation link; others get the same answer and no mail', async () => {
    const email = 'resend@example.com';
    await post('/api/auth/register', { name: 'Resend', email, password: 'resend-password' });
    await sink.waitForMail(email);
    const owner = await testApp.factory.user();
    const answers = await Promise.all(
      [email, owner.email, 'nobody-resend@example.com'].map(async (address, index) =>
        (await post('/api/auth/resend-confirmation', { email: address }, `10.30.2.${index}`)).json(),
      ),
    );
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ message: RESEND_MESSAGE });
    const resent = await sink.waitForMail(email, 5000);
    const confirm = await testApp.app.inject({ method: 'GET', url: linkPath(resent.links[0] ?? '') });
    const confirmation = new URL(String(confirm.headers.location)).searchParams.get('token');
    expect(confirmation).toBeTruthy();
    const signedIn = await post('/api/auth/login', { email, password: 'resend-password', confirmation }, '10.30.0.9');
    expect(signedIn.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.filter((mail) => mail.to.includes(owner.email))).toEqual([]);
  });

  test('resending is limited per address like the other mail calls', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await post('/api/auth/resend-confirmation', { email: 'spam@example.com' }, `10.30.3.${i}`)).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  test('a confirmed address is never taken over by a registration', async () => {
    const owner = await testApp.factory.user();
    await post('/api/auth/register', { name: 'Mallory', email: owner.email, password: 'attacker-password' });
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, 'attacker-password')).statusCode).toBe(401);
  });

  test('the "already registered" mail has the same cooldown as the others', async () => {
    // The queue's clock is faked, as in its own tests, but still runs (the database, the requests and the
    // SMTP sink need time to pass): the cooldown is jumped over instead of slept through.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const owner = await testApp.factory.user();
      const mailsTo = () => sink.mails.filter((mail) => mail.to.includes(owner.email));
      for (const address of ['10.30.1.1', '10.30.1.2', '10.30.1.3']) {
        await post('/api/auth/register', { name: 'X', email: owner.email, password: 'whatever-pass' }, address);
      }
      await sink.waitForMail(owner.email);
      // Within the cooldown the later two collapse into one, sent when it ends.
      await vi.advanceTimersByTimeAsync(COOLDOWN_MS / 4);
      expect(mailsTo()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(COOLDOWN_MS);
      await sink.waitForMail(owner.email);
      await vi.advanceTimersByTimeAsync(COOLDOWN_MS * 2);
      expect(mailsTo()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('mailed links start where the person was', () => {
  // Only an address of this machine is taken from `Host` (lib/link-origin.test.ts has the forged ones).
  const ownIpv4 = [...machineAddresses()].find((address) => isIPv4(address));
  const LAN = `${ownIpv4}:3000`;
  const lanLink = new RegExp(`^http://${ownIpv4?.replaceAll('.', '\\.')}:3000/`);
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let withoutPublicUrl: TestApp;
  let withPublicUrl: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    withoutPublicUrl = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: undefined, PORT: '3000' });
    withPublicUrl = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://clips.example.com' });
  });
  afterAll(async () => {
    await withoutPublicUrl.close();
    await withPublicUrl.close();
    await sink.close();
  });
  const fromLan = (testApp: TestApp, url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { host: LAN }, remoteAddress: '192.168.1.31' });

  test('without PUBLIC_URL, confirmation, its redirect and the reset link use the LAN address signed up from', async () => {
    const email = 'phone@example.com';
    await fromLan(withoutPublicUrl, '/api/auth/register', { name: 'Pat', email, password: 'phone-password' });
    const confirmLink = (await sink.waitForMail(email)).links[0] ?? '';
    expect(ownIpv4).toBeDefined();
    expect(confirmLink).toMatch(lanLink);
    expect(linkPath(confirmLink)).toMatch(/^\/api\/auth\/confirm\?token=/);
    const confirm = await withoutPublicUrl.app.inject({
      method: 'GET',
      url: linkPath(confirmLink),
      headers: { host: LAN },
    });
    expect(String(confirm.headers.location)).toMatch(lanLink);
    expect(linkPath(String(confirm.headers.location))).toMatch(/^\/email-confirmation\?token=/);

    const member = await withoutPublicUrl.factory.user();
    await fromLan(withoutPublicUrl, '/api/auth/forgot-password', { email: member.email });
    const resetLink = (await sink.waitForMail(member.email)).links[0] ?? '';
    expect(resetLink).toMatch(lanLink);
    expect(resetLink).toContain('/reset-password#access_token=');
  });

  test('a room invitation uses the inviter’s address', async () => {
    const owner = await withoutPublicUrl.factory.user();
    const room = await withoutPublicUrl.factory.room({ owner });
    const res = await withoutPublicUrl
      .as(owner)
      .inject('POST', `/api/rooms/${room.id}/members`, { email: 'guest@example.com' }, { host: LAN });
    expect(res.statusCode).toBe(202);
    expect((await sink.waitForMail('guest@example.com')).links[0]).toMatch(lanLink);
  });

  test('PUBLIC_URL still wins', async () => {
    const email = 'public@example.com';
    await fromLan(withPublicUrl, '/api/auth/register', { name: 'Pia', email, password: 'public-password' });
    expect((await sink.waitForMail(email)).links[0]).toMatch(/^https:\/\/clips\.example\.com\/api\/auth\/confirm/);
  });
});
