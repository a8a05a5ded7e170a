import {
  CLIP_ENDPOINTS,
  CLIP_VIEW_LOG_SIZE,
  SHARE_PASSWORD_MISSES_PER_ADDRESS,
  SHARE_PASSWORD_MISSES_PER_LINK,
  SHARE_PASSWORD_MISSES_PER_LINK_AND_ADDRESS,
  SHARE_PASSWORD_MISSES_WINDOW_MS,
  type UpdateClipShareRequest,
} from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';
import { clipFiles, clips, clipViews } from '../../db/schema';
import { newId } from '../../lib/secure-tokens';
import { expireShares, SPENT_CLIP_GRACE_MS } from './clip-share.service';
import { recordView } from './clip-views';
import { createClipsContext } from './clips.context';

describe('private shares', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user({ name: 'Olive Owner' });
    other = await testApp.factory.user({ name: 'Vic Viewer', email: 'vic@example.com' });
  });
  afterAll(() => testApp.close());

  const share = (clipId: string, settings: object, user: TestUser | null = owner) =>
    testApp.as(user).put(`/api/clipboard/${clipId}/share`, settings);
  const open = (id: string, body: object = {}, user: TestUser | null = null, headers: Record<string, string> = {}) =>
    testApp.as(user).inject('POST', `/api/clipboard/${id}/open`, body, headers);
  const get = (id: string, user: TestUser | null = null, headers: Record<string, string> = {}) =>
    testApp.as(user).inject('GET', `/api/clipboard/${id}`, undefined, headers);
  const stored = async (clipId: string) => {
    const [row] = await testApp.context.db.select().from(clips).where(eq(clips.id, clipId));
    return row!;
  };
  const sharedClip = async (settings: UpdateClipShareRequest, content = 'a secret') => {
    const clip = await testApp.factory.clip({ owner, content });
    const { linkId } = await testApp
      .api(owner)
      .call(CLIP_ENDPOINTS.updateShare, { params: { id: clip.id }, body: settings });
    if (!linkId) throw new Error('a shared clip has a link');
    return { clip, linkId };
  };
  const runExpiryJob = (now = new Date()) => expireShares(createClipsContext(testApp.context), now);

  describe('share settings', () => {
    test('the owner sets expiry, views and password; the answer never holds the password', async () => {
      const clip = await testApp.factory.clip({ owner, content: 'settings' });
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const res = await share(clip.id, { expiresAt, maxViews: 3, password: 'open sesame' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        linkId: clip.id,
        expiresAt,
        maxViews: 3,
        viewsLeft: 3,
        hasPassword: true,
        state: null,
        deleteAfter: false,
        endedAt: null,
        expirySetAt: expect.any(String),
      });
      expect(res.body).not.toContain('open sesame');
      const row = await stored(clip.id);
      expect(row.sharePasswordHash).toMatch(/^\$argon2id\$/);
      expect(row.sharePasswordHash).not.toContain('open sesame');
      // Left out keeps, null clears.
      expect((await share(clip.id, { password: null })).json()).toMatchObject({ maxViews: 3, hasPassword: false });
      // The owner's own answers carry the settings while they differ from the default link...
      expect((await get(clip.id, owner)).json().share).toMatchObject({ linkId: clip.id, hasPassword: false });
      expect((await share(clip.id, { maxViews: null, expiresAt: null })).json()).toMatchObject({
        expiresAt: null,
        maxViews: null,
        viewsLeft: null,
      });
      // ...and are as they always were once it is the default again.
      expect((await get(clip.id, owner)).json()).not.toHaveProperty('share');
      expect((await share(clip.id, {})).json()).toMatchObject({ linkId: clip.id, maxViews: null });
    });

    test('only the owner may change or stop the link, or read its views; a forged id is 404', async () => {
      const clip = await testApp.factory.clip({ owner, content: 'mine' });
      expect((await share(clip.id, { maxViews: 1 }, other)).statusCode).toBe(403);
      expect((await share(clip.id, { maxViews: 1 }, null)).statusCode).toBe(401);
      expect((await share(newId(), { maxViews: 1 })).statusCode).toBe(404);
      expect((await testApp.as(other).delete(`/api/clipboard/${clip.id}/share`)).statusCode).toBe(403);
      expect((await testApp.as(null).delete(`/api/clipboard/${clip.id}/share`)).statusCode).toBe(401);
      expect((await testApp.as(other).get(`/api/clipboard/${clip.id}/views`)).statusCode).toBe(403);
      expect((await testApp.as(null).get(`/api/clipboard/${clip.id}/views`)).statusCode).toBe(401);
      expect((await testApp.as(owner).get(`/api/clipboard/${newId()}/views`)).statusCode).toBe(404);
      expect((await stored(clip.id)).shareMaxViews).toBeNull();
    });

    test.each([
      ['no view', { maxViews: 0 }],
      ['too many views', { maxViews: 101 }],
      ['a past expiry', { expiresAt: new Date(Date.now() - 1000).toISOString() }],
      ['a date without its zone', { expiresAt: '2030-01-01 10:00' }],
      ['an empty password', { password: '' }],
    ])('%s is refused (400)', async (_, settings) => {
      const clip = await testApp.factory.clip({ owner, content: 'x' });
      const res = await share(clip.id, settings);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });

    test('DELETE stops the link at once; the next PUT makes a new link under a new id', async () => {
      const clip = await testApp.factory.clip({ owner, content: 'moving' });
      expect((await get(clip.id)).statusCode).toBe(200);
      expect((await testApp.as(owner).delete(`/api/clipboard/${clip.id}/share`)).statusCode).toBe(204);
      expect((await get(clip.id)).statusCode).toBe(404);
      expect((await get(clip.id, other)).statusCode).toBe(404);
      expect((await get(clip.id, owner)).json()).toMatchObject({ content: 'moving', share: { linkId: null } });

      const renewed = await share(clip.id, {});
      const linkId = renewed.json().linkId as string;
      expect(linkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(linkId).not.toBe(clip.id);
      expect((await get(clip.id)).statusCode).toBe(404);
      const byLink = await get(linkId);
      expect(byLink.statusCode).toBe(200);
      // Others know the clip by its link's id only.
      expect(byLink.json()).toMatchObject({ id: linkId, content: 'moving' });
      expect(byLink.body).not.toContain(clip.id);
      // The owner reaches it by either id, as the owner.
      expect((await get(linkId, owner)).json()).toMatchObject({ id: clip.id, abilities: { update: true } });
    });

    test('a clip with only an expiry answers its content as today until it expires, then 404', async () => {
      const { clip } = await sharedClip({ expiresAt: new Date(Date.now() + 60_000).toISOString() }, 'for an hour');
      const res = await get(clip.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ content: 'for an hour' });
      expect(res.json()).not.toHaveProperty('share');
      await testApp.context.db
        .update(clips)
        .set({ shareExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(clips.id, clip.id));
      expect((await get(clip.id)).statusCode).toBe(404);
      expect((await testApp.as(null).get(`/api/clipboard/${clip.id}/files`)).statusCode).toBe(404);
      expect((await open(clip.id)).statusCode).toBe(404);
      expect((await get(clip.id, owner)).json().content).toBe('for an hour');
    });
  });

  describe('preview-safe reads', () => {
    const previewAgents = [
      USER_AGENTS.slackbot,
      USER_AGENTS.twitterbot,
      USER_AGENTS.facebook,
      USER_AGENTS.whatsapp,
      USER_AGENTS.teams,
      USER_AGENTS.discord,
      USER_AGENTS.chromeDesktop,
    ];

    test('50 GETs by link previews and a plain Chrome spend no view and never carry the content', async () => {
      const { clip } = await sharedClip({ maxViews: 1 }, 'burn after reading');
      await testApp.factory.file({ owner, clipId: clip.id, name: 'secret-plan.txt', content: Buffer.from('plan') });
      for (let index = 0; index < 50; index += 1) {
        const agent = previewAgents[index % previewAgents.length]!;
        const res = await get(clip.id, index % 2 ? other : null, { 'user-agent': agent });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: clip.id, protected: true, viewsLeft: 1, expiresAt: null, hasPassword: false });
        const files = await testApp.as(null).inject('GET', `/api/clipboard/${clip.id}/files`, undefined, {
          'user-agent': agent,
        });
        expect(files.json()).toMatchObject({ protected: true });
        expect(res.body + files.body).not.toMatch(/burn after reading|secret-plan/);
      }
      expect((await stored(clip.id)).shareViewsUsed).toBe(0);
      expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}/views`)).json()).toEqual({ views: [] });

      const opened = await open(clip.id, {}, null, { 'user-agent': USER_AGENTS.chromeDesktop });
      expect(opened.statusCode).toBe(200);
      expect(opened.json().clip).toMatchObject({ id: clip.id, content: 'burn after reading' });
      expect((await stored(clip.id)).shareViewsUsed).toBe(1);
      // Spent: every read by others is the 404 now; the owner still reads it until the job empties it.
      expect((await get(clip.id)).statusCode).toBe(404);
      expect((await open(clip.id)).statusCode).toBe(404);
      expect((await get(clip.id, owner)).json().share).toMatchObject({ viewsLeft: 0, state: null });
    });

    test('two opens racing for the last view: exactly one gets it, the other a 404', async () => {
      const { clip } = await sharedClip({ maxViews: 2 }, 'the last one');
      expect((await open(clip.id)).statusCode).toBe(200);
      const raced = await Promise.all([open(clip.id), open(clip.id, {}, other)]);
      expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 404]);
      expect((await stored(clip.id)).shareViewsUsed).toBe(2);
    });

    test("a clip's owner never spends its views, by either id, and is not in its view log", async () => {
      const { clip } = await sharedClip({ maxViews: 1, password: 'pw' }, 'the owner reads');
      for (let index = 0; index < 3; index += 1) {
        expect((await get(clip.id, owner)).json()).toMatchObject({ content: 'the owner reads' });
        expect((await open(clip.id, {}, owner)).json().clip).toMatchObject({ content: 'the owner reads' });
        expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}/files`)).json()).toEqual({ files: [] });
      }
      expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: 'edited' })).statusCode).toBe(200);
      expect((await stored(clip.id)).shareViewsUsed).toBe(0);
      expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}/views`)).json()).toEqual({ views: [] });
      expect((await open(clip.id, { password: 'pw' })).json().clip.content).toBe('edited');
    });

    test("a protected clip's files need the grant its open gave; its file links carry it", async () => {
      const { clip } = await sharedClip({ password: 'files' }, 'with a file');
      const { file } = await testApp.factory.file({ owner, clipId: clip.id, name: 'a.txt', content: Buffer.from('A') });
      expect((await testApp.as(null).get(file.url)).statusCode).toBe(404);
      expect((await testApp.as(other).get(`${file.url}?access=forged.grant`)).statusCode).toBe(404);
      expect((await testApp.as(owner).get(file.url)).statusCode).toBe(200);

      const opened = (await open(clip.id, { password: 'files' })).json();
      const [openedFile] = opened.clip.files;
      expect(openedFile.url).toBe(`${file.url}?access=${encodeURIComponent(opened.grant.token)}`);
      const download = await testApp.as(null).get(openedFile.url);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('A');
      // Renewing the link ends its grants.
      await testApp.as(owner).delete(`/api/clipboard/${clip.id}/share`);
      expect((await testApp.as(null).get(openedFile.url)).statusCode).toBe(404);
    });
  });

  describe('passwords', () => {
    test('a wrong password spends nothing (403 WRONG_PASSWORD); the right one opens', async () => {
      const { clip } = await sharedClip({ maxViews: 2, password: 'correct horse' }, 'behind a password');
      const card = (await get(clip.id)).json();
      expect(card).toEqual({ id: clip.id, protected: true, viewsLeft: 2, expiresAt: null, hasPassword: true });
      const wrong = await open(clip.id, { password: 'battery staple' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      expect((await open(clip.id)).json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      expect((await stored(clip.id)).shareViewsUsed).toBe(0);
      const right = await open(clip.id, { password: 'correct horse' });
      expect(right.statusCode).toBe(200);
      expect(right.json().clip.content).toBe('behind a password');
      expect((await stored(clip.id)).shareViewsUsed).toBe(1);
    });

    const openFrom = (address: string, clipId: string, password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/clipboard/${clipId}/open`,
        payload: { password },
        remoteAddress: address,
      });
    /**
     * A 429 whose wait is what is left of the window the first miss opened (no more, no less), the same in its
     * body and its Retry-After header.
     */
    const expectLocked = (res: Awaited<ReturnType<typeof openFrom>>, firstMissAt: number) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const { retryAfterSeconds } = res.json<{ retryAfterSeconds: number }>();
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(
        Math.floor((firstMissAt + SHARE_PASSWORD_MISSES_WINDOW_MS - Date.now()) / 1000),
      );
      expect(retryAfterSeconds).toBeLessThanOrEqual(SHARE_PASSWORD_MISSES_WINDOW_MS / 1000);
      expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
    };

    test("wrong passwords from one address lock that address out of the link (429), not the rightful recipient's", async () => {
      const { clip } = await sharedClip({ password: 'right' }, 'for the recipient');
      const firstMissAt = Date.now();
      for (let index = 0; index < SHARE_PASSWORD_MISSES_PER_LINK_AND_ADDRESS; index += 1) {
        expect((await openFrom('198.51.100.7', clip.id, `wrong ${index}`)).statusCode).toBe(403);
      }
      expectLocked(await openFrom('198.51.100.7', clip.id, 'right'), firstMissAt);
      const recipient = await openFrom('192.0.2.44', clip.id, 'right');
      expect(recipient.statusCode).toBe(200);
      expect(recipient.json().clip.content).toBe('for the recipient');
    });

    test('wrong passwords from many addresses meet the link’s overall bound: then the link waits for everyone', async () => {
      const { clip } = await sharedClip({ password: 'right' });
      // Two misses an address: no address meets its own bound, only the link does.
      const addressOf = (index: number) => `203.0.113.${Math.floor(index / 2) + 1}`;
      const firstMissAt = Date.now();
      for (let index = 0; index < SHARE_PASSWORD_MISSES_PER_LINK - 1; index += 1) {
        expect((await openFrom(addressOf(index), clip.id, `wrong ${index}`)).statusCode).toBe(403);
      }
      expect((await openFrom('192.0.2.1', clip.id, 'right')).statusCode).toBe(200);
      expect((await openFrom(addressOf(SHARE_PASSWORD_MISSES_PER_LINK), clip.id, 'wrong')).statusCode).toBe(403);
      expectLocked(await openFrom('192.0.2.2', clip.id, 'right'), firstMissAt);
    });

    test('wrong passwords meet the per-address limit across links, an IPv6 /64 counting as one', async () => {
      const links = await Promise.all([1, 2, 3].map(() => sharedClip({ password: 'right' })));
      for (let index = 0; index < SHARE_PASSWORD_MISSES_PER_ADDRESS; index += 1) {
        const { clip } = links[index % links.length]!;
        expect((await openFrom(`2001:db8:1:2::${(index + 1).toString(16)}`, clip.id, 'wrong')).statusCode).toBe(403);
      }
      const another = await sharedClip({ password: 'right' });
      expect((await openFrom('2001:db8:1:2:ffff::1', another.clip.id, 'right')).statusCode).toBe(429);
      expect((await openFrom('2001:db8:1:3::1', another.clip.id, 'right')).statusCode).toBe(200);
    });
  });

  test('expired, spent, stopped, deleted and never-existing links answer the same 404, byte for byte', async () => {
    const expired = await sharedClip({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await testApp.context.db
      .update(clips)
      .set({ shareExpiresAt: new Date(Date.now() - 1) })
      .where(eq(clips.id, expired.clip.id));
    const spent = await sharedClip({ maxViews: 1 });
    await open(spent.linkId);
    const stopped = await sharedClip({});
    await testApp.api(owner).call(CLIP_ENDPOINTS.removeShare, { params: { id: stopped.clip.id } });
    const deleted = await sharedClip({ password: 'x' });
    await testApp.api(owner).call(CLIP_ENDPOINTS.remove, { params: { id: deleted.clip.id } });
    const ids = [expired.linkId, spent.linkId, stopped.linkId, deleted.linkId, newId()];

    // What changes with every request, whatever it asks for: its id, the clock, the global rate counter.
    const perRequest = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
    const shape = (res: LightMyRequestResponse) => ({
      status: res.statusCode,
      body: res.body.replace(/"requestId":"[0-9a-f-]{36}"/, '"requestId":"…"'),
      headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perRequest.has(name))),
    });
    for (const request of [
      (id: string) => get(id),
      (id: string) => get(id, other),
      (id: string) => testApp.as(null).get(`/api/clipboard/${id}/files`),
      (id: string) => open(id, { password: 'x' }),
    ]) {
      const answers = await Promise.all(ids.map(async (id) => shape(await request(id))));
      expect(answers[0]).toMatchObject({ status: 404, body: expect.stringContaining('"code":"NOT_FOUND"') });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });

  describe('view log', () => {
    test('every open by someone else is logged, newest first: device, browser, name, spent; never e-mail or address', async () => {
      const plain = await testApp.factory.clip({ owner, content: 'plain' });
      await get(plain.id, other, { 'user-agent': USER_AGENTS.firefoxLinux });
      await get(plain.id, owner, { 'user-agent': USER_AGENTS.firefoxLinux });
      const plainLog = (await testApp.as(owner).get(`/api/clipboard/${plain.id}/views`)).json();
      expect(plainLog.views).toEqual([
        {
          viewedAt: expect.any(String),
          device: 'desktop',
          browser: 'Firefox',
          viewerName: 'Vic Viewer',
          spentView: false,
        },
      ]);

      const { clip } = await sharedClip({ maxViews: 5 });
      await get(clip.id, null, { 'user-agent': USER_AGENTS.slackbot });
      await open(clip.id, {}, other, { 'user-agent': USER_AGENTS.safariIphone });
      await open(clip.id, {}, null, { 'user-agent': USER_AGENTS.chromeAndroid });
      const log = await testApp.as(owner).get(`/api/clipboard/${clip.id}/views`);
      expect(log.json().views).toEqual([
        { viewedAt: expect.any(String), device: 'phone', browser: 'Chrome', viewerName: null, spentView: true },
        { viewedAt: expect.any(String), device: 'phone', browser: 'Safari', viewerName: 'Vic Viewer', spentView: true },
      ]);
      expect(log.body).not.toMatch(/vic@example\.com|127\.0\.0\.1/);
    });

    test(`the log keeps the newest ${CLIP_VIEW_LOG_SIZE} opens of a clip`, async () => {
      const clip = await testApp.factory.clip({ owner, content: 'popular' });
      const { db } = testApp.context;
      await db.execute(sql`
        insert into ${clipViews} (clip_id, device, browser, spent_view)
        select ${clip.id}, 'desktop', 'Chrome', false from generate_series(1, ${CLIP_VIEW_LOG_SIZE})`);
      await recordView(db, {
        clipId: clip.id,
        viewerId: null,
        spentView: true,
        viewer: { userAgent: USER_AGENTS.safariIpad },
      });
      const rows = await db.select().from(clipViews).where(eq(clipViews.clipId, clip.id));
      expect(rows).toHaveLength(CLIP_VIEW_LOG_SIZE);
      const [newest] = (await testApp.as(owner).get(`/api/clipboard/${clip.id}/views`)).json().views;
      expect(newest).toMatchObject({ device: 'tablet', browser: 'Safari', spentView: true });
    });
  });

  describe('a link that ended, as its owner is told', () => {
    test('how and when it ended, and the settings it had, until "Share again" makes a new link that keeps its password', async () => {
      const before = Date.now();
      const expiresAt = new Date(before + 3_600_000).toISOString();
      const { clip, linkId } = await sharedClip({ expiresAt, maxViews: 1, password: 'open sesame', deleteAfter: true });
      const working = (await get(clip.id, owner)).json().share;
      expect(working).toMatchObject({ endedAt: null, expirySetAt: expect.any(String) });
      // The expiry's length, from when it was set, is what "Share again" offers.
      const length = Date.parse(working.expiresAt) - Date.parse(working.expirySetAt);
      expect(Math.abs(length - 3_600_000)).toBeLessThan(5_000);

      expect((await open(linkId, { password: 'open sesame' })).statusCode).toBe(200);
      // Used up before the expiry job came by: ended already, at its last view.
      const spent = (await get(clip.id, owner)).json().share;
      expect(spent).toMatchObject({ state: null, viewsLeft: 0, endedAt: expect.any(String) });
      expect(Date.parse(spent.endedAt)).toBeGreaterThanOrEqual(before - 1000);

      await runExpiryJob(new Date(Date.now() + SPENT_CLIP_GRACE_MS + 1000));
      const own = (await get(clip.id, owner)).json();
      expect(own.content).toBe('');
      expect(own.share).toEqual({
        linkId,
        expiresAt,
        maxViews: 1,
        viewsLeft: 0,
        hasPassword: true,
        state: 'viewed',
        deleteAfter: true,
        endedAt: spent.endedAt,
        expirySetAt: working.expirySetAt,
      });

      const renewedAt = new Date(Date.now() + 3_600_000).toISOString();
      const renewed = (await share(clip.id, { expiresAt: renewedAt, maxViews: 1, deleteAfter: true })).json();
      expect(renewed).toMatchObject({
        expiresAt: renewedAt,
        maxViews: 1,
        viewsLeft: 1,
        hasPassword: true,
        state: null,
        deleteAfter: true,
        endedAt: null,
      });
      expect(renewed.linkId).not.toBe(linkId);
      expect((await open(renewed.linkId)).json().code).toBe('WRONG_PASSWORD');
      expect((await open(renewed.linkId, { password: 'open sesame' })).statusCode).toBe(200);
    });

    test('expired before the expiry job came by: ended at its expiry, and a save makes a new link rather than revive it', async () => {
      const { clip, linkId } = await sharedClip({ expiresAt: new Date(Date.now() + 60_000).toISOString() }, 'kept');
      const expiredAt = new Date(Date.now() - 1000);
      await testApp.context.db.update(clips).set({ shareExpiresAt: expiredAt }).where(eq(clips.id, clip.id));
      expect((await get(clip.id, owner)).json().share).toMatchObject({
        state: null,
        endedAt: expiredAt.toISOString(),
      });
      const renewed = (await share(clip.id, { expiresAt: new Date(Date.now() + 60_000).toISOString() })).json();
      expect(renewed.linkId).not.toBe(linkId);
      expect(renewed).toMatchObject({ state: null, endedAt: null, hasPassword: false });
      expect((await get(linkId)).statusCode).toBe(404);
    });
  });

  describe('the expiry job', () => {
    const storedKeys = (clipId: string) =>
      testApp.context.db
        .select({ storageKey: clipFiles.storageKey })
        .from(clipFiles)
        .where(eq(clipFiles.clipId, clipId));

    test('with "delete the clip when the link ends", a spent clip keeps its files for the last viewer a moment, then loses its text and stored files; its owner sees it as viewed', async () => {
      const { clip } = await sharedClip({ maxViews: 1, deleteAfter: true }, 'read once');
      await testApp.factory.file({ owner, clipId: clip.id, name: 'once.txt', content: Buffer.from('once') });
      const [{ storageKey: key }] = (await storedKeys(clip.id)) as [{ storageKey: string }];
      await expect(testApp.context.files.get(key)).resolves.toBeDefined();
      const lastView = (await open(clip.id)).json();
      expect(lastView.clip.content).toBe('read once');

      // Within the grace the last viewer still downloads the file with their grant.
      await runExpiryJob();
      expect(await stored(clip.id)).toMatchObject({ content: 'read once', shareState: null });
      expect((await testApp.as(null).get(lastView.clip.files[0].url)).body).toBe('once');

      expect(await runExpiryJob(new Date(Date.now() + SPENT_CLIP_GRACE_MS + 1000))).toBeGreaterThanOrEqual(1);
      const row = await stored(clip.id);
      expect(row).toMatchObject({ content: '', hasFiles: false, fileNames: '', isDraft: false, shareState: 'viewed' });
      expect(await storedKeys(clip.id)).toEqual([]);
      await expect(testApp.context.files.get(key)).rejects.toThrow();
      const own = (await get(clip.id, owner)).json();
      expect(own).toMatchObject({ content: '', files: [], share: { state: 'viewed', viewsLeft: 0 } });
      const history = (await testApp.as(owner).get('/api/clipboard/history')).json();
      expect(history.find((listed: { id: string }) => listed.id === clip.id)).toMatchObject({
        content: '',
        share: { state: 'viewed' },
      });
      expect((await get(clip.id)).statusCode).toBe(404);
    });

    test('a budget lowered to the views already spent is spent at once, and emptied after the grace', async () => {
      const { clip } = await sharedClip({ maxViews: 3, deleteAfter: true }, 'lowered');
      expect((await open(clip.id)).statusCode).toBe(200);
      expect((await share(clip.id, { maxViews: 1 })).json()).toMatchObject({ viewsLeft: 0 });
      expect((await get(clip.id)).statusCode).toBe(404);
      await runExpiryJob(new Date(Date.now() + SPENT_CLIP_GRACE_MS + 1000));
      expect(await stored(clip.id)).toMatchObject({ content: '', shareState: 'viewed' });
    });

    test('with "delete the clip when the link ends", an expired clip is emptied as expired; clips with a live link are left alone', async () => {
      const expiring = await sharedClip(
        { expiresAt: new Date(Date.now() + 60_000).toISOString(), deleteAfter: true },
        'expiring',
      );
      const live = await sharedClip({ maxViews: 3, expiresAt: new Date(Date.now() + 60_000).toISOString() }, 'live');
      const plain = await testApp.factory.clip({ owner, content: 'plain' });
      await testApp.context.db
        .update(clips)
        .set({ shareExpiresAt: new Date(Date.now() - 1) })
        .where(eq(clips.id, expiring.clip.id));
      await runExpiryJob();
      expect(await stored(expiring.clip.id)).toMatchObject({ content: '', shareState: 'expired' });
      expect(await stored(live.clip.id)).toMatchObject({ content: 'live', shareState: null });
      expect(await stored(plain.id)).toMatchObject({ content: 'plain', shareState: null });
      // Sharing it again starts a new link, under a new id, on the now empty clip.
      const renewed = (await share(expiring.clip.id, {})).json();
      expect(renewed).toMatchObject({ state: null, expiresAt: null, deleteAfter: false });
      expect(renewed.linkId).not.toBe(expiring.clip.id);
    });

    test('without "delete the clip when the link ends", an expired link ends and the clip keeps its text, files and version', async () => {
      const { clip, linkId } = await sharedClip({ expiresAt: new Date(Date.now() + 60_000).toISOString() }, 'kept');
      await testApp.factory.file({ owner, clipId: clip.id, name: 'kept.txt', content: Buffer.from('kept file') });
      const [{ storageKey: key }] = (await storedKeys(clip.id)) as [{ storageKey: string }];
      const before = await stored(clip.id);
      await testApp.context.db
        .update(clips)
        .set({ shareExpiresAt: new Date(Date.now() - 1) })
        .where(eq(clips.id, clip.id));

      expect(await runExpiryJob()).toBeGreaterThanOrEqual(1);
      expect(await stored(clip.id)).toMatchObject({
        content: 'kept',
        hasFiles: true,
        fileNames: before.fileNames,
        version: before.version,
        shareState: 'expired',
        shareDeleteAfter: false,
      });
      await expect(testApp.context.files.get(key)).resolves.toBeDefined();
      // Others get the one 404; the owner reads the clip whole and sees the link ended, not the content gone.
      expect((await get(linkId)).statusCode).toBe(404);
      expect((await open(linkId)).statusCode).toBe(404);
      const own = (await get(clip.id, owner)).json();
      expect(own).toMatchObject({ content: 'kept', share: { state: 'expired', deleteAfter: false } });
      expect(own.files).toHaveLength(1);
      // A later tick leaves the ended link alone (it is out of the job's indexes).
      expect(await runExpiryJob()).toBe(0);
      const renewed = (await share(clip.id, {})).json();
      expect(renewed).toMatchObject({ state: null, deleteAfter: false });
      expect(renewed.linkId).not.toBe(linkId);
    });

    test('without "delete the clip when the link ends", a spent link ends after the grace: its grant no longer fetches files, the clip keeps them', async () => {
      const { clip } = await sharedClip({ maxViews: 1 }, 'read once, kept');
      await testApp.factory.file({ owner, clipId: clip.id, name: 'once.txt', content: Buffer.from('once') });
      const lastView = (await open(clip.id)).json();
      expect((await testApp.as(null).get(lastView.clip.files[0].url)).body).toBe('once');

      await runExpiryJob(new Date(Date.now() + SPENT_CLIP_GRACE_MS + 1000));
      expect(await stored(clip.id)).toMatchObject({ content: 'read once, kept', hasFiles: true, shareState: 'viewed' });
      expect((await testApp.as(null).get(lastView.clip.files[0].url)).statusCode).toBe(404);
      expect((await get(clip.id)).statusCode).toBe(404);
      const own = (await get(clip.id, owner)).json();
      expect(own).toMatchObject({ content: 'read once, kept', share: { state: 'viewed', viewsLeft: 0 } });
      expect(own.files).toHaveLength(1);
    });
  });
});
