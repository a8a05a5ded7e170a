import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { inBackground } from '../../../../test/waits';
import { users } from '../../../db/schema';
import { createModerationContext } from './reports.context';
import { mailAdminsOfReports, REPORT_MAIL_INTERVAL_MS } from './reports.notices';

describe('admins are mailed that reports wait, at most once per admin per 15 minutes', () => {
  let testApp: TestApp;
  let admins: TestUser[];
  let member: TestUser;
  let disabledAdmin: TestUser;
  let owner: TestUser;
  let addressCount = 0;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admins = [await testApp.factory.user({ role: 'admin' }), await testApp.factory.user({ role: 'admin' })];
    disabledAdmin = await testApp.factory.user({ role: 'admin' });
    await testApp.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledAdmin.id));
    member = await testApp.factory.user();
    owner = await testApp.factory.user();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const reportAClip = async () => {
    const clip = await testApp.factory.clip({ owner, content: 'reported' });
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { kind: 'clip', link: clip.id, reason: 'spam' },
      remoteAddress: `198.51.100.${++addressCount}`,
    });
    expect(res.statusCode).toBe(204);
  };
  const mailsTo = (user: TestUser) =>
    (testApp.context.mailer.list?.() ?? []).filter((mail) => mail.to === user.email && /for review/.test(mail.subject));
  const nothingMore = () => new Promise((resolve) => setTimeout(resolve, 300));

  test('a report mails each admin once, naming how many wait and linking to the Reports tab', async () => {
    await reportAClip();
    for (const admin of admins) await vi.waitFor(() => expect(mailsTo(admin)).toHaveLength(1), inBackground);
    const [mail] = mailsTo(admins[0]!);
    expect(mail?.subject).toBe('1 reported item waits for review on ClipSync');
    expect(mail?.links).toEqual([`${testApp.config.publicUrl}/admin/reports`]);
    expect(mail?.text).toContain('1 reported item waits for review');
  });

  test('members and disabled admins are never mailed', async () => {
    await nothingMore();
    expect(mailsTo(member)).toHaveLength(0);
    expect(mailsTo(owner)).toHaveLength(0);
    expect(mailsTo(disabledAdmin)).toHaveLength(0);
  });

  test('a second report within 15 minutes sends no second mail, even after a restart of the moderation area', async () => {
    await reportAClip();
    // A restart: the last mail's time is read from the database, not from memory.
    expect(await mailAdminsOfReports(createModerationContext(testApp.context))).toBe(0);
    await nothingMore();
    for (const admin of admins) expect(mailsTo(admin)).toHaveLength(1);
  });

  test('once the 15 minutes are up, the job mails each admin once, naming both reports', async () => {
    const moderation = createModerationContext(testApp.context);
    const almost = new Date(Date.now() + REPORT_MAIL_INTERVAL_MS - 60_000);
    expect(await mailAdminsOfReports(moderation, almost)).toBe(0);
    const later = new Date(Date.now() + REPORT_MAIL_INTERVAL_MS + 1_000);
    expect(await mailAdminsOfReports(moderation, later)).toBe(2);
    for (const admin of admins) {
      await vi.waitFor(() => expect(mailsTo(admin)).toHaveLength(2), inBackground);
      expect(mailsTo(admin)[1]?.subject).toBe('2 reported items wait for review on ClipSync');
    }
    // Nothing new since: the next run mails nobody, even past another interval.
    const muchLater = new Date(Date.now() + 3 * REPORT_MAIL_INTERVAL_MS);
    expect(await mailAdminsOfReports(moderation, muchLater)).toBe(0);
    expect(mailsTo(member)).toHaveLength(0);
  });

  test('the job is scheduled with the others', () => {
    expect(testApp.context.jobRuns.states().map((job) => job.name)).toContain('report-mails');
  });

  test('the open count (the queue’s total) is for admins only', async () => {
    const url = '/api/admin/reports?status=open&limit=1';
    expect((await testApp.as(admins[0]!).get(url)).json<{ total: number }>().total).toBe(2);
    expect((await testApp.as(member).get(url)).statusCode).toBe(403);
    expect((await testApp.as(null).get(url)).statusCode).toBe(401);
  });
});
