import {
  ADMIN_AUDIT_TOTAL_AHEAD,
  AUDIT_ENDPOINTS,
  type AuditEvent,
  type AuditPage,
  type SecurityEventPage,
} from '@clipsync/shared';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { auditEvents } from '../../../db/schema';
import { issueEmailToken } from '../../auth/email-tokens';
import { newId } from '../../../lib/secure-tokens';
import { adminRoutes } from '../admin-routes';
import { csvField } from './audit.csv';
import { purgeExpiredAuditEvents } from './audit.service';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DAY_MS = 86_400_000;

/** A small admin route of the test's own, built by the same `adminRoutes` every admin area uses. */
const PROBE = {
  method: 'POST',
  scope: 'admin',
  path: '/admin/probe/users/:id/flag',
  params: z.object({ id: z.string() }),
  body: z.object({ reason: z.string(), password: z.string().optional() }),
  status: 204,
  response: null,
} as const;

/** RFC 4180 rows, as a spreadsheet reads them back. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted && char === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      cell += char;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    }
  }
  return rows;
}

describe('audit log', () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    await testApp.app.register(
      async (api) => {
        const route = adminRoutes(testApp.context.db, ['admin']);
        api.route({ ...route(PROBE), handler: async () => undefined });
      },
      { prefix: '/api' },
    );
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const list = async (query: string): Promise<AuditPage> => {
    const res = await testApp.as(admin).get(`/api/admin/audit${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<AuditPage>();
  };

  test('every successful admin change is recorded once, with actor, target, request id and no secret', async () => {
    const member = await testApp.factory.user();
    const res = await testApp
      .as(admin)
      .post(`/api/admin/probe/users/${member.id}/flag`, { reason: 'spam', password: 'hunter22' });
    expect(res.statusCode).toBe(204);
    const refused = await testApp.as(member).post(`/api/admin/probe/users/${member.id}/flag`, { reason: 'x' });
    expect(refused.statusCode).toBe(403);

    const { events } = await list(`?subject=${member.id}&action=POST%20%2Fapi%2Fadmin%2Fprobe%2Fusers%2F%3Aid%2Fflag`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'admin',
      actorId: admin.id,
      actorEmail: admin.email,
      targetKind: 'user',
      targetId: member.id,
      subjectUserId: member.id,
      details: { reason: 'spam' },
    });
    expect(events[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(events)).not.toContain('hunter22');
  });

  test('security events: a sign-in from a new client, a token created and revoked, a password reset', async () => {
    const user = await testApp.factory.user();
    const login = () =>
      testApp
        .as(null)
        .inject('POST', '/api/auth/login', { email: user.email, password: user.password }, { 'user-agent': FIREFOX });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const signedIn = await testApp.factory.user();
    const created = await testApp.as(signedIn).post('/api/tokens', { name: 'CI', scopes: ['clips:read'] });
    expect(created.statusCode).toBe(201);
    expect((await testApp.as(signedIn).delete(`/api/tokens/${created.json<{ id: string }>().id}`)).statusCode).toBe(
      204,
    );
    const token = await issueEmailToken(testApp.context.db, user.id, 'reset');
    const reset = await testApp
      .as(null)
      .post('/api/auth/reset-password', { token, new_password: 'a much newer secret' });
    expect(reset.statusCode).toBe(200);

    const mine = (await list(`?subject=${user.id}`)).events.map((event) => [event.action, event.details]);
    expect(mine).toEqual([
      ['password.reset', { client: 'Unknown client' }],
      ['sign_in.new_device', { client: 'Firefox on Linux' }],
    ]);
    const tokenEvents = (await list(`?actor=${signedIn.email.toUpperCase()}`)).events;
    expect(tokenEvents.map((event) => event.action)).toEqual(['token.revoked', 'token.created']);
    expect(tokenEvents[1]!.details).toMatchObject({ name: 'CI', scopes: ['clips:read'] });
    expect(JSON.stringify(tokenEvents)).not.toContain('csp_');
  });

  test("an admin-made account's first password, set through the mailed link, is the owner's password.reset", async () => {
    const created = await testApp
      .as(admin)
      .post('/api/admin/users', { email: 'first-password@example.com', name: 'F' });
    const id = created.json<{ id: string }>().id;
    const token = await issueEmailToken(testApp.context.db, id, 'reset');
    expect(
      (await testApp.as(null).post('/api/auth/reset-password', { token, new_password: 'my first secret' })).statusCode,
    ).toBe(200);
    const mine = (await list(`?subject=${id}`)).events.map((event) => [event.kind, event.action, event.actorId]);
    expect(mine).toEqual([
      ['security', 'password.reset', null],
      ['admin', 'adminAccount.create', admin.id],
    ]);
  });

  test('a device sign-in approved is the owner’s event, and the token it grants too', async () => {
    const owner = await testApp.factory.user();
    await testApp.factory.deviceSignIn({ owner, clientName: 'clipsync CLI', scopes: ['clips:read'] });
    const events = (await list(`?subject=${owner.id}`)).events;
    expect(events.map((event) => [event.action, event.actorId])).toEqual([
      ['token.created', owner.id],
      ['device_sign_in.approved', owner.id],
    ]);
    expect(events[1]!.details).toMatchObject({ clientName: 'clipsync CLI', scopes: ['clips:read'] });
  });

  test('a user sees their own events only, and the admin actions on their account with what they set but not who', async () => {
    const one = await testApp.factory.user();
    const other = await testApp.factory.user();
    await testApp.as(one).post('/api/tokens', { name: 'mine', scopes: ['rooms'] });
    await testApp.as(other).post('/api/tokens', { name: 'theirs', scopes: ['rooms'] });
    await testApp.as(admin).post(`/api/admin/probe/users/${one.id}/flag`, { reason: 'check' });
    const res = await testApp.as(one).get('/api/account/security-events');
    expect(res.statusCode).toBe(200);
    const page = res.json<SecurityEventPage>();
    expect(page.total).toBe(2);
    expect(page.events.map((event) => [event.action, event.byAdmin])).toEqual([
      ['POST /api/admin/probe/users/:id/flag', true],
      ['token.created', false],
    ]);
    expect(page.events[0]!.details).toEqual({ reason: 'check' });
    expect(JSON.stringify(page)).not.toContain(admin.email);
  });

  test('filters by dates and pages newest first with the total', async () => {
    const subject = newId();
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await testApp.context.db.insert(auditEvents).values(
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((day) => ({
        id: newId(),
        createdAt: at(day),
        kind: 'security',
        action: 'token.created',
        subjectUserId: subject,
        details: { day },
      })),
    );
    const days = (page: AuditPage) => page.events.map((event) => event.details.day);
    expect(days(await list(`?subject=${subject}&from=2026-01-02&to=2026-01-03`))).toEqual(['2026-01-03', '2026-01-02']);
    const second = await list(`?subject=${subject}&limit=2&offset=2`);
    expect(days(second)).toEqual(['2026-01-02', '2026-01-01']);
    expect(second.total).toBe(4);
    expect((await testApp.as(admin).get('/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    expect((await testApp.as(admin).get('/api/admin/audit?to=2026-02-30')).statusCode).toBe(400);
    expect((await testApp.as(admin).get('/api/admin/audit?limit=1000')).statusCode).toBe(400);
  });

  test('a total is counted no further than ADMIN_AUDIT_TOTAL_AHEAD past the page, and says when it stopped', async () => {
    const subject = newId();
    const many = ADMIN_AUDIT_TOTAL_AHEAD + 20;
    await testApp.context.db.insert(auditEvents).values(
      Array.from({ length: many }, (_, index) => ({
        id: newId(),
        createdAt: new Date(Date.now() - (many - index) * 1000),
        kind: 'security',
        action: 'token.created',
        subjectUserId: subject,
        details: { index },
      })),
    );
    const first = await list(`?subject=${subject}&limit=10`);
    expect(first).toMatchObject({ total: ADMIN_AUDIT_TOTAL_AHEAD, isTotalCapped: true });
    expect(first.events[0]?.details.index).toBe(many - 1);
    expect(await list(`?subject=${subject}&limit=10&offset=${ADMIN_AUDIT_TOTAL_AHEAD}`)).toMatchObject({
      total: many,
      isTotalCapped: false,
    });
    expect(await list(`?subject=${subject}&limit=10&offset=${many + 50}`)).toEqual({
      events: [],
      total: many,
      isTotalCapped: false,
    });
  });

  test('exports CSV with a header and injection-safe cells, and JSON Lines, with the same filters', async () => {
    const subject = newId();
    await testApp.context.db.insert(auditEvents).values(
      ['=HYPERLINK("x")', 'plain, "quoted"'].map((name, i) => ({
        id: newId(),
        createdAt: new Date(Date.now() - i * 1000),
        kind: 'security',
        action: 'token.created',
        actorEmail: i === 0 ? '@evil.example' : 'ok@example.com',
        subjectUserId: subject,
        details: { name },
      })),
    );
    const csv = await testApp.as(admin).get(`/api/admin/audit/export?format=csv&subject=${subject}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['at', 'action', 'actor_email', 'request_id', 'details']));
    expect(rows).toHaveLength(3);
    const email = rows[0]!.indexOf('actor_email');
    expect(rows[1]![email]).toBe("'@evil.example");
    expect(JSON.parse(rows[2]![rows[0]!.indexOf('details')]!)).toEqual({ name: 'plain, "quoted"' });
    expect(csvField('-1+2')).toBe(`"'-1+2"`);
    expect(csvField('=1')).toBe(`"'=1"`);

    const jsonl = await testApp.as(admin).get(`/api/admin/audit/export?format=jsonl&subject=${subject}`);
    expect(jsonl.headers['content-disposition']).toMatch(/\.jsonl"/);
    const lines = jsonl.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEvent);
    expect(lines.map((event) => event.details.name)).toEqual(['=HYPERLINK("x")', 'plain, "quoted"']);
    expect((await testApp.as(admin).get('/api/admin/audit/export?format=xlsx')).statusCode).toBe(400);
  });

  test('the retention job deletes what is older than AUDIT_RETENTION_DAYS, in batches', async () => {
    const subject = newId();
    const old = Array.from({ length: 1_201 }, () => ({
      id: newId(),
      createdAt: new Date(Date.now() - 400 * DAY_MS),
      kind: 'security',
      action: 'token.created',
      subjectUserId: subject,
    }));
    await testApp.context.db
      .insert(auditEvents)
      .values([...old, { id: newId(), kind: 'security', action: 'token.revoked', subjectUserId: subject }]);
    expect(await purgeExpiredAuditEvents(testApp.context.db, testApp.config.auditRetentionDays)).toBe(1_201);
    expect((await list(`?subject=${subject}`)).events.map((event) => event.action)).toEqual(['token.revoked']);
  });

  test('signed out 401, a non-admin 403 ADMIN_ONLY, a token needs the admin scope; own events refuse tokens', async () => {
    const member = await testApp.factory.user();
    expect((await testApp.as(null).get('/api/admin/audit')).statusCode).toBe(401);
    expect((await testApp.as(null).get('/api/account/security-events')).statusCode).toBe(401);
    const notAdmin = await testApp.as(member).get('/api/admin/audit/export?format=csv');
    expect([notAdmin.statusCode, notAdmin.json<{ code: string }>().code]).toEqual([403, 'ADMIN_ONLY']);
    const bearer = async (scopes: string[]) => {
      const res = await testApp.as(admin).post('/api/tokens', { name: 'script', scopes });
      return { tokens: { access_token: res.json<{ token: string }>().token } };
    };
    const withAdmin = await bearer(['admin']);
    expect((await testApp.as(withAdmin).get('/api/admin/audit')).statusCode).toBe(200);
    const noScope = await testApp.as(await bearer(['clips:read'])).get('/api/admin/audit');
    expect(noScope.statusCode).toBe(403);
    const own = await testApp.as(withAdmin).get('/api/account/security-events');
    expect([own.statusCode, own.json<{ code: string }>().code]).toEqual([403, 'TOKEN_NOT_ALLOWED']);
    expect(AUDIT_ENDPOINTS.list.scope).toBe('admin');
  });
});
