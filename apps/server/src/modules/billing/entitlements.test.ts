import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { clips } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { buildBillingTestApp, givePlan, signedUpDaysAgo, suiteApp } from '../../../test/stripe-billing';

const DAY_MS = 24 * 3600 * 1000;

/** A user whose 7-day trial is over, with the given paid plan (or none). */
async function userAfterTrial(testApp: TestApp, plan?: 'basic' | 'pro' | 'advanced'): Promise<TestUser> {
  const user = await testApp.factory.user();
  await signedUpDaysAgo(testApp, user.id, 10);
  if (plan) await givePlan(testApp, user.id, plan);
  return user;
}

/** Clips made `daysAgo` days back (written straight to created_at). */
async function clipsAged(testApp: TestApp, owner: TestUser, ages: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const daysAgo of ages) {
    const clip = await testApp.factory.clip({ owner, content: `from ${daysAgo} days ago` });
    await testApp.context.db
      .update(clips)
      .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(clips.id, clip.id));
    ids.push(clip.id);
  }
  return ids;
}

describe('plan entitlements with billing on', () => {
  const testApp = suiteApp(buildBillingTestApp);

  test('a Basic user is refused a room with 402 naming Advanced; a trialing user is not', async () => {
    const basic = await userAfterTrial(testApp, 'basic');
    const res = await testApp.as(basic).post('/api/rooms', { name: 'Team', isPrivate: false });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'PLAN_REQUIRED',
      requiredPlan: 'advanced',
      error: 'Rooms need the Advanced plan. Upgrade to use them.',
      requestId: expect.any(String),
    });

    const trialing = await testApp.factory.user();
    expect((await testApp.as(trialing).post('/api/rooms', { name: 'Team', isPrivate: false })).statusCode).toBe(201);
    const advanced = await userAfterTrial(testApp, 'advanced');
    expect((await testApp.as(advanced).post('/api/rooms', { name: 'Team', isPrivate: false })).statusCode).toBe(201);
  });

  test('joining a room by invite or by opening a public one needs rooms too', async () => {
    const owner = await testApp.factory.user();
    const room = await testApp.factory.room({ owner });
    const pro = await userAfterTrial(testApp, 'pro');
    const byLink = await testApp.as(pro).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(byLink.statusCode).toBe(402);
    expect(byLink.json().requiredPlan).toBe('advanced');
    expect((await testApp.as(pro).get(`/api/rooms/${room.id}`)).statusCode).toBe(402);
    // Still a stranger to the room: nothing was joined.
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).json().members).toHaveLength(1);
  });

  test('a past_due plan keeps its features while Stripe retries; a canceled one has none', async () => {
    const pastDue = await userAfterTrial(testApp);
    await givePlan(testApp, pastDue.id, 'advanced', 'past_due');
    expect((await testApp.as(pastDue).post('/api/rooms', { name: 'Team', isPrivate: true })).statusCode).toBe(201);
    const canceled = await userAfterTrial(testApp);
    await givePlan(testApp, canceled.id, 'advanced', 'canceled');
    expect((await testApp.as(canceled).post('/api/rooms', { name: 'Team', isPrivate: true })).statusCode).toBe(402);
  });

  test("sharing is Pro: a desktop share link, and others reading a clip's link", async () => {
    const basic = await userAfterTrial(testApp, 'basic');
    const share = await testApp.as(basic).post('/api/virtual-desktop/share');
    expect(share.statusCode).toBe(402);
    expect(share.json()).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });

    const clip = await testApp.factory.clip({ owner: basic, content: 'mine' });
    expect((await testApp.as(basic).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    const viewer = await testApp.factory.user();
    for (const caller of [viewer, null]) {
      const res = await testApp.as(caller).get(`/api/clipboard/${clip.id}`);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'pro',
        error: "This clip's owner needs the Pro plan to share it.",
        requestId: expect.any(String),
      });
    }

    await givePlan(testApp, basic.id, 'pro');
    expect((await testApp.as(null).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    expect((await testApp.as(basic).post('/api/virtual-desktop/share')).statusCode).toBe(200);
  });

  test('Basic history shows the last 30 days; older clips are kept and come back after an upgrade', async () => {
    const user = await userAfterTrial(testApp, 'basic');
    const [recent, older, oldest] = await clipsAged(testApp, user, [2, 40, 400]);
    const history = await testApp.as(user).get('/api/clipboard/history?limit=1');
    expect(history.json().map((clip: { id: string }) => clip.id)).toEqual([recent]);
    expect(history.headers['x-total-count']).toBe('1');
    const favorites = await testApp.as(user).get('/api/clipboard/favorites');
    expect(favorites.statusCode).toBe(200);

    await givePlan(testApp, user.id, 'pro');
    const upgraded = await testApp.as(user).get('/api/clipboard/history?limit=2');
    expect(upgraded.json().map((clip: { id: string }) => clip.id)).toEqual([recent, older]);
    expect(upgraded.headers['x-total-count']).toBe('3');
    const kept = await testApp.context.db
      .select({ id: clips.id })
      .from(clips)
      .where(inArray(clips.id, [older!, oldest!]));
    expect(kept).toHaveLength(2);
  });
});

describe('plan entitlements with billing off', () => {
  const plain = suiteApp(() => buildTestApp());

  test('nothing is refused, whatever the account age or stored plan', async () => {
    const user = await plain.factory.user();
    await signedUpDaysAgo(plain, user.id, 100);
    await givePlan(plain, user.id, 'basic', 'canceled');
    expect((await plain.as(user).post('/api/rooms', { name: 'Team', isPrivate: false })).statusCode).toBe(201);
    expect((await plain.as(user).post('/api/virtual-desktop/share')).statusCode).toBe(200);
    const clip = await plain.factory.clip({ owner: user, content: 'shared' });
    expect((await plain.as(null).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    const [, old] = await clipsAged(plain, user, [1, 90]);
    const history = await plain.as(user).get('/api/clipboard/history');
    expect(history.json().map((c: { id: string }) => c.id)).toContain(old);
  });
});
