import { ROOM_ENDPOINTS, type RoomContentItem, type RoomDetail, type RoomSummary } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { roomContent, rooms } from '../../db/schema';
import { contentRangeStart } from './room-filters';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

const DAY = 24 * 60 * 60 * 1000;

describe('contentRangeStart (from the start of today back 0, 7 and 30 days)', () => {
  const now = new Date('2026-03-15T10:30:00Z');
  test.each([
    ['today', 0, '2026-03-15T00:00:00.000Z'],
    ['week', 0, '2026-03-08T00:00:00.000Z'],
    ['month', 0, '2026-02-13T00:00:00.000Z'],
    // UTC+2 (getTimezoneOffset −120): the caller's day began at 22:00 UTC the day before.
    ['today', -120, '2026-03-14T22:00:00.000Z'],
    // UTC−11: 10:30 UTC is still 23:30 on the 14th there.
    ['today', 660, '2026-03-14T11:00:00.000Z'],
  ] as const)('%s at tzOffset %i starts %s', (range, tzOffset, expected) => {
    expect(contentRangeStart(range, now, tzOffset)?.toISOString()).toBe(expected);
  });
  test('all has no start', () => {
    expect(contentRangeStart('all', now)).toBeNull();
  });
});

describe('rooms list filters and sorts, in SQL', () => {
  let testApp: TestApp;
  let me: TestUser;
  let others: TestUser[];
  const names = async (query: string) => {
    const res = await testApp.as(me).get(`/api/rooms?${query}`);
    expect(res.statusCode).toBe(200);
    return { names: (res.json() as RoomSummary[]).map((room) => room.name), total: res.headers['x-total-count'] };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    me = await testApp.factory.user();
    others = [];
    for (let i = 0; i < 10; i++) others.push(await testApp.factory.user());
    const seed = async (name: string, members: number, isPrivate: boolean, ownedByMe: boolean, daysAgo: number) => {
      const owner = ownedByMe ? me : (others[0] as TestUser);
      const room = await testApp.factory.room({ owner, name, isPrivate });
      const joiners = (ownedByMe ? others : [me, ...others.slice(1)]).slice(0, members - 1);
      for (const user of joiners) await testApp.factory.roomMember({ by: owner, roomId: room.id, member: user });
      const updatedAt = new Date(Date.now() - daysAgo * DAY);
      await testApp.context.db.update(rooms).set({ updatedAt }).where(eq(rooms.id, room.id));
    };
    await seed('Alpha', 1, false, true, 3);
    await seed('bravo', 3, true, true, 1);
    await seed('Charlie', 4, false, false, 5);
    await seed('Delta 50%', 10, true, false, 2);
    await seed('Echo', 11, false, true, 4);
    // A room I am not in is never listed, whatever the filters.
    await testApp.factory.room({ owner: others[1] as TestUser, name: 'Alpha elsewhere' });
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('default: my rooms, last active first, with the total', async () => {
    expect(await names('')).toEqual({ names: ['bravo', 'Delta 50%', 'Alpha', 'Echo', 'Charlie'], total: '5' });
    expect(await names('order=asc')).toEqual({ names: ['Charlie', 'Echo', 'Alpha', 'Delta 50%', 'bravo'], total: '5' });
  });

  test('sort by name (case-insensitive) and by member count', async () => {
    expect((await names('sort=name&order=asc')).names).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta 50%', 'Echo']);
    expect((await names('sort=member_count&order=desc')).names).toEqual([
      'Echo',
      'Delta 50%',
      'Charlie',
      'bravo',
      'Alpha',
    ]);
  });

  test('size buckets: small ≤ 3, medium 4-10, large > 10', async () => {
    expect((await names('size=small&sort=name&order=asc')).names).toEqual(['Alpha', 'bravo']);
    expect((await names('size=medium&sort=name&order=asc')).names).toEqual(['Charlie', 'Delta 50%']);
    expect(await names('size=large')).toEqual({ names: ['Echo'], total: '1' });
  });

  test('privacy, search (literal, case-insensitive) and their combination', async () => {
    expect((await names('privacy=private&sort=name&order=asc')).names).toEqual(['bravo', 'Delta 50%']);
    expect((await names('privacy=public&sort=name&order=asc')).names).toEqual(['Alpha', 'Charlie', 'Echo']);
    expect((await names('search=ALPH')).names).toEqual(['Alpha']);
    expect((await names(`search=${encodeURIComponent('50%')}`)).names).toEqual(['Delta 50%']);
    expect((await names(`search=${encodeURIComponent('%')}`)).names).toEqual(['Delta 50%']);
    expect(await names('search=a&privacy=public&size=medium')).toEqual({ names: ['Charlie'], total: '1' });
  });

  test('paging keeps the total; past the end is empty with the total', async () => {
    expect(await names('sort=name&order=asc&limit=2&offset=2')).toEqual({
      names: ['Charlie', 'Delta 50%'],
      total: '5',
    });
    expect(await names('limit=2&offset=50')).toEqual({ names: [], total: '5' });
  });

  test('each card: member count, my role, the first 3 members as avatars, abilities', async () => {
    const res = await testApp.as(me).get('/api/rooms?sort=name&order=asc');
    const byName = new Map((res.json() as RoomSummary[]).map((room) => [room.name, room]));
    const echo = byName.get('Echo');
    expect(echo).toMatchObject({ memberCount: 11, role: 'owner', is_private: false, abilities: { delete: true } });
    expect(echo?.avatars.map((avatar) => avatar.id)).toEqual([me.id, others[0]?.id, others[1]?.id]);
    expect(byName.get('Delta 50%')).toMatchObject({ memberCount: 10, role: 'member', abilities: { delete: false } });
    expect(byName.get('Alpha')?.avatars).toEqual([{ id: me.id, email: me.email, avatar: null }]);
  });
});

describe('room content filters and sorts, in SQL', () => {
  let testApp: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let room: RoomDetail;
  const ids: Record<string, string> = {};

  const page = async (query: string, path = '') => {
    const res = await testApp.as(alice).get(`/api/rooms/${room.id}${path}?${query}`);
    expect(res.statusCode).toBe(200);
    const items: RoomContentItem[] = path ? res.json() : res.json().content;
    const labels = items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0]);
    return { labels, total: res.headers['x-total-count'] };
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    alice = await testApp.factory.user({ email: 'alice@example.com', name: 'Alice' });
    bob = await testApp.factory.user({ email: 'bob@example.com', name: 'Bob' });
    room = await testApp.factory.room({ owner: alice, name: 'Content' });
    await testApp.factory.roomMember({ by: alice, roomId: room.id, member: bob });
    const startOfToday = contentRangeStart('today', new Date()) as Date;
    const addText = async (label: string, by: TestUser, content: string, createdAt: Date) => {
      const item = await testApp
        .api(by)
        .call(ROOM_ENDPOINTS.addContent, { params: { id: room.id }, body: { content } });
      ids[label] = item.id;
      await testApp.context.db.update(roomContent).set({ createdAt }).where(eq(roomContent.id, item.id));
    };
    const addFile = async (label: string, by: TestUser, name: string, createdAt: Date) => {
      const file = { name, type: 'text/plain', content: Buffer.from(label) };
      const { item } = await testApp.api(by).upload(ROOM_ENDPOINTS.upload, { params: { id: room.id } }, file);
      ids[label] = item.id;
      await testApp.context.db.update(roomContent).set({ createdAt }).where(eq(roomContent.id, item.id));
    };
    await addText('aliceToday', alice, 'meeting notes', new Date(startOfToday.getTime() + 1000));
    await addFile('bobYesterday', bob, 'budget.xlsx', new Date(startOfToday.getTime() - 60_000));
    await addText('bobWeek', bob, 'lunch plans', new Date(startOfToday.getTime() - 6 * DAY));
    await addFile('aliceMonth', alice, 'notes-archive.zip', new Date(startOfToday.getTime() - 20 * DAY));
    await addText('bobOld', bob, 'ancient history', new Date(startOfToday.getTime() - 60 * DAY));
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('newest first by default, with the total and every author listed', async () => {
    expect(await page('')).toEqual({
      labels: ['aliceToday', 'bobYesterday', 'bobWeek', 'aliceMonth', 'bobOld'],
      total: '5',
    });
    const detail: RoomDetail = (await testApp.as(alice).get(`/api/rooms/${room.id}`)).json();
    expect(detail.contentTotal).toBe(5);
    expect(detail.authors).toEqual([
      { id: alice.id, name: 'Alice', email: 'alice@example.com' },
      { id: bob.id, name: 'Bob', email: 'bob@example.com' },
    ]);
  });

  test('ranges count from the start of today', async () => {
    expect((await page('range=today')).labels).toEqual(['aliceToday']);
    expect((await page('range=week')).labels).toEqual(['aliceToday', 'bobYesterday', 'bobWeek']);
    expect((await page('range=month')).labels).toEqual(['aliceToday', 'bobYesterday', 'bobWeek', 'aliceMonth']);
  });

  test('search covers text, file names and author e-mails', async () => {
    expect((await page('search=NOTES')).labels).toEqual(['aliceToday', 'aliceMonth']);
    expect((await page('search=budget')).labels).toEqual(['bobYesterday']);
    expect((await page('search=bob%40')).labels).toEqual(['bobYesterday', 'bobWeek', 'bobOld']);
  });

  test('type and author filters, alone and together', async () => {
    expect((await page('type=file')).labels).toEqual(['bobYesterday', 'aliceMonth']);
    expect((await page('type=text')).labels).toEqual(['aliceToday', 'bobWeek', 'bobOld']);
    expect(await page(`user=${bob.id}&type=text`)).toEqual({ labels: ['bobWeek', 'bobOld'], total: '2' });
  });

  test('sorts: by type and by user, newest first among equals; by date ascending', async () => {
    expect((await page('sort=type&order=asc')).labels).toEqual([
      'bobYesterday',
      'aliceMonth',
      'aliceToday',
      'bobWeek',
      'bobOld',
    ]);
    expect((await page('sort=user&order=desc')).labels).toEqual([
      'bobYesterday',
      'bobWeek',
      'bobOld',
      'aliceToday',
      'aliceMonth',
    ]);
    expect((await page('sort=date&order=asc')).labels).toEqual([
      'bobOld',
      'aliceMonth',
      'bobWeek',
      'bobYesterday',
      'aliceToday',
    ]);
  });

  test('GET /rooms/{id}/content pages with the same filters', async () => {
    expect(await page('limit=2&offset=1', '/content')).toEqual({ labels: ['bobYesterday', 'bobWeek'], total: '5' });
    expect(await page('limit=2&offset=10', '/content')).toEqual({ labels: [], total: '5' });
  });
});
