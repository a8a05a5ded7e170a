import type { AuditPage, SecurityEventPage } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';

const DAY_MS = 86_400_000;

describe('audit entries a person can read: names kept in the entry, each reader their own row', () => {
  let testApp: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await testApp.factory.user({ role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => testApp.close());

  const log = async (query: string) =>
    (await testApp.as(admin).get(`/api/admin/audit?${query}`)).json<AuditPage>().events;
  const ownEvents = async (user: TestUser) =>
    (await testApp.as(user).get('/api/account/security-events')).json<SecurityEventPage>().events;

  test("an admin's action names the admin and the account it concerns, and keeps them once the account is deleted", async () => {
    const bob = await testApp.factory.user({ name: 'Bob Subject' });
    expect((await testApp.as(admin).put(`/api/admin/users/${bob.id}/disabled`)).statusCode).toBe(200);
    const named = {
      actorName: 'Ana Admin',
      actorEmail: admin.email,
      subjectUserId: bob.id,
      subjectName: 'Bob Subject',
      subjectEmail: bob.email,
    };
    expect(await log(`subject=${bob.id}`)).toEqual([
      expect.objectContaining({ action: 'adminAccount.disable', ...named }),
    ]);

    const deleted = await testApp.as(admin).inject('DELETE', `/api/admin/users/${bob.id}`, { email: bob.email });
    expect(deleted.statusCode).toBe(204);
    const after = await log(`subject=${bob.id}`);
    expect(after.map((event) => event.action)).toEqual(['adminAccount.delete', 'adminAccount.disable']);
    for (const event of after) expect(event).toMatchObject(named);

    const csv = (await testApp.as(admin).get(`/api/admin/audit/export?format=csv&subject=${bob.id}`)).body;
    expect(csv).toContain('"adminAccount.disable"');
    expect(csv).toContain('"Bob Subject"');
  });

  test("the owner's security events say what an admin changed, without naming the admin", async () => {
    const bob = await testApp.factory.user();
    const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
    await testApp.as(admin).put(`/api/admin/users/${bob.id}/plan`, { plan: 'pro', until });
    await testApp.as(admin).put(`/api/admin/users/${bob.id}/quota`, { bytes: 5_000_000_000 });
    await testApp.as(admin).post(`/api/admin/users/${bob.id}/password-reset`);
    await testApp.as(admin).put(`/api/admin/users/${bob.id}/disabled`);
    await testApp.as(admin).delete(`/api/admin/users/${bob.id}/disabled`);

    // Disabling ended Bob's sessions: he signs in anew.
    const events = await ownEvents({ ...bob, tokens: await testApp.factory.session(bob) });
    expect(events.map((event) => [event.action, event.byAdmin, event.details])).toEqual([
      ['adminAccount.enable', true, {}],
      ['adminAccount.disable', true, {}],
      ['adminAccount.sendPasswordReset', true, {}],
      ['adminAccount.setQuota', true, { bytes: 5_000_000_000 }],
      ['adminAccount.grantPlan', true, { plan: 'pro', until }],
    ]);
    expect(JSON.stringify(events)).not.toContain(admin.email);
  });

  test("a takedown and its restore: the admin's log has the admin's action once, naming the owner; the owner's events have theirs with the reason", async () => {
    const owner = await testApp.factory.user({ name: 'Olga Owner' });
    const clip = await testApp.factory.clip({ owner, content: 'spammy' });
    expect(
      (await testApp.as(admin).post(`/api/admin/reports/clip/${clip.id}/takedown`, { reason: 'Spam' })).statusCode,
    ).toBe(204);
    expect((await testApp.as(admin).delete(`/api/admin/reports/clip/${clip.id}/takedown`)).statusCode).toBe(204);

    const adminRows = await log(`subject=${owner.id}`);
    expect(adminRows.map((event) => event.action)).toEqual(['moderation.restore', 'moderation.takeDown']);
    expect(adminRows[1]).toMatchObject({
      targetKind: 'clip',
      targetId: clip.id,
      subjectName: 'Olga Owner',
      subjectEmail: owner.email,
      details: { reason: 'Spam' },
    });

    const own = await ownEvents(owner);
    expect(own.map((event) => event.action)).toEqual(['item.restored', 'item.taken_down']);
    for (const event of own) expect(event.details).toMatchObject({ itemKind: 'clip', reason: 'Spam' });
  });
});
