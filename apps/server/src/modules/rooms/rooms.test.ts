import { RoomDetail, type RoomActivityEntry } from '@clipsync/shared';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { roomContent, rooms } from '../../db/schema';
import { newId } from '../../lib/secure-tokens';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

describe('rooms', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  const activityOf = async (roomId: string, as = owner): Promise<RoomActivityEntry[]> =>
    (await testApp.as(as).get(`/api/rooms/${roomId}/activity?limit=100`)).json();
  const typesOf = async (roomId: string) => (await activityOf(roomId)).map((entry) => entry.type);
  const updatedAtOf = async (roomId: string) =>
    (await testApp.context.db.select({ at: rooms.updatedAt }).from(rooms).where(eq(rooms.id, roomId)))[0]?.at;

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    [owner, member, outsider] = [
      await testApp.factory.user(),
      await testApp.factory.user(),
      await testApp.factory.user(),
    ];
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('members, authors, items, activity and invitations name each person, with the e-mail beside the name', async () => {
    const alice = await testApp.factory.user({ name: 'Alice Martin' });
    const bob = await testApp.factory.user({ name: 'Bob Stone' });
    const room = await testApp.factory.room({ owner: alice });
    await testApp.factory.roomMember({ by: alice, roomId: room.id, member: bob });
    const posted = await testApp.as(bob).post(`/api/rooms/${room.id}/content`, { content: 'hello' });
    expect(posted.json().user).toEqual({ id: bob.id, name: 'Bob Stone', email: bob.email });
    await testApp.as(alice).post(`/api/rooms/${room.id}/members`, { email: 'someone-new@example.com' });

    const detail: RoomDetail = (await testApp.as(bob).get(`/api/rooms/${room.id}`)).json();
    expect(detail.members.map(({ id, name, email }) => ({ id, name, email }))).toEqual([
      { id: alice.id, name: 'Alice Martin', email: alice.email },
      { id: bob.id, name: 'Bob Stone', email: bob.email },
    ]);
    expect(detail.authors).toEqual([{ id: bob.id, name: 'Bob Stone', email: bob.email }]);
    expect(detail.content[0]?.user).toEqual({ id: bob.id, name: 'Bob Stone', email: bob.email });
    const page = (await testApp.as(bob).get(`/api/rooms/${room.id}/content`)).json();
    expect(page[0].user).toEqual({ id: bob.id, name: 'Bob Stone', email: bob.email });
    const added = (await activityOf(room.id, alice)).find((entry) => entry.type === 'content_add');
    expect(added?.user).toEqual({ id: bob.id, name: 'Bob Stone', email: bob.email });
    const invitations = (await testApp.as(bob).get(`/api/rooms/${room.id}/invitations`)).json();
    expect(invitations[0].invitedBy).toEqual({ id: alice.id, name: 'Alice Martin', email: alice.email });
  });

  test('Create Room: public by default, the creator is its owner and only member, with a share token', async () => {
    const res = await testApp.as(owner).post('/api/rooms', { name: '  Team  ' });
    expect(res.statusCode).toBe(201);
    const room: RoomDetail = res.json();
    expect(room).toMatchObject({
      name: 'Team',
      isPrivate: false,
      is_private: false,
      memberCount: 1,
      role: 'owner',
      members: [{ id: owner.id, email: owner.email, role: 'owner', avatar: null }],
      content: [],
      contentTotal: 0,
      abilities: { update: true, delete: true, rotateInvite: true, leave: false, addContent: true },
    });
    expect(room.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(room.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test.each([
    ['a blank name', { name: '   ' }],
    ['no name', { isPrivate: true }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['an owner', { name: 'Mine', owner: 'someone-else' }],
    ['an ownerId', { name: 'Mine', ownerId: 'someone-else' }],
    ['a role', { name: 'Mine', role: 'owner' }],
    ['isPrivate as a string', { name: 'Mine', isPrivate: 'yes' }],
  ])('Create Room with %s is 400', async (_name, body) => {
    const res = await testApp.as(owner).post('/api/rooms', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('PATCH renames and changes privacy (room_updated with what changed); owner and role are refused', async () => {
    const room = await testApp.factory.room({ owner, name: 'Before' });
    const res = await testApp.as(owner).patch(`/api/rooms/${room.id}`, { name: 'After', isPrivate: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', isPrivate: true, is_private: true });
    const [entry] = await activityOf(room.id);
    expect(entry).toMatchObject({ type: 'room_updated', user: { id: owner.id, email: owner.email } });
    expect(JSON.parse(entry?.details ?? '')).toEqual({ name: 'After', isPrivate: true });

    for (const body of [{}, { ownerId: member.id }, { role: 'member' }, { name: '' }]) {
      expect((await testApp.as(owner).patch(`/api/rooms/${room.id}`, body)).statusCode).toBe(400);
    }
    expect(await typesOf(room.id)).toEqual(['room_updated']);
  });

  test('a signed-in outsider opening a public room joins it (member_join); a private room stays 404', async () => {
    const room = await testApp.factory.room({ owner, name: 'Open' });
    const opened = await testApp.as(outsider).get(`/api/rooms/${room.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ role: 'member', memberCount: 2 });
    expect(opened.json().members.map((m: { id: string }) => m.id)).toEqual([owner.id, outsider.id]);
    expect(await typesOf(room.id)).toEqual(['member_join']);
    // Opening again joins nobody twice.
    await testApp.as(outsider).get(`/api/rooms/${room.id}`);
    expect(await typesOf(room.id)).toEqual(['member_join']);

    const hidden = await testApp.factory.room({ owner, name: 'Hidden', isPrivate: true });
    const refused = await testApp.as(outsider).get(`/api/rooms/${hidden.id}`);
    expect(refused.statusCode).toBe(404);
    expect(await typesOf(hidden.id)).toEqual([]);
  });

  test('members: invited by e-mail (202), joined on accepting (member_added), owner removes (member_removed)', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    const add = await testApp.as(owner).post(`/api/rooms/${room.id}/members`, { email: member.email.toUpperCase() });
    expect(add.statusCode).toBe(202);
    expect(add.json()).toEqual({ invited: member.email });
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).json().memberCount).toBe(1);
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).json().memberCount).toBe(2);

    const bad = await testApp.as(member).post(`/api/rooms/${room.id}/members`, { email: 'not an e-mail' });
    expect(bad.statusCode).toBe(400);
    const withRole = await testApp
      .as(member)
      .post(`/api/rooms/${room.id}/members`, { email: outsider.email, role: 'owner' });
    expect(withRole.statusCode).toBe(400);

    const ownerRemoval = await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${owner.id}`);
    expect(ownerRemoval.statusCode).toBe(403);
    expect(ownerRemoval.json().error).toMatch(/owner cannot be removed/);
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${member.id}`)).statusCode).toBe(204);
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${member.id}`)).statusCode).toBe(404);
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).statusCode).toBe(404);

    const entries = await activityOf(room.id);
    expect(entries.map((entry) => entry.type)).toEqual(['member_removed', 'member_added']);
    expect(JSON.parse(entries[1]?.details ?? '')).toMatchObject({ memberEmail: member.email });
    expect(JSON.parse(entries[0]?.details ?? '')).toMatchObject({ memberEmail: member.email });
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).json().memberCount).toBe(1);
  });

  test('leave: a member leaves (member_left); the owner cannot', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const ownerLeaves = await testApp.as(owner).post(`/api/rooms/${room.id}/leave`);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json().error).toMatch(/owner cannot leave/);
    expect((await testApp.as(member).post(`/api/rooms/${room.id}/leave`)).statusCode).toBe(204);
    expect(await typesOf(room.id)).toEqual(['member_left', 'member_added']);
    const list = (await testApp.as(member).get('/api/rooms?limit=100')).json() as Array<{ id: string }>;
    expect(list.map((r) => r.id)).not.toContain(room.id);
  });

  test('invite link: join by token (member_joined_by_token), idempotent, rotation stops the old link', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    const joined = await testApp.as(member).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ roomId: room.id, id: room.id, joined: true });
    const again = await testApp.as(member).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(again.json()).toEqual({ roomId: room.id, id: room.id, joined: false });
    expect(await typesOf(room.id)).toEqual(['member_joined_by_token']);

    // Only the owner is given the invite link: a member could hand it to someone the owner removed.
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).json().shareToken).toBeNull();
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).json().shareToken).toBe(room.shareToken);
    const rotated = await testApp.as(owner).post(`/api/rooms/${room.id}/share-token`);
    expect(rotated.statusCode).toBe(200);
    const { shareToken } = rotated.json();
    expect(shareToken).not.toBe(room.shareToken);
    const stale = await testApp.as(outsider).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toMatch(/invite link/);
    expect((await testApp.as(outsider).post('/api/rooms/join', { shareToken })).statusCode).toBe(200);

    expect((await testApp.as(outsider).post('/api/rooms/join', { shareToken: '' })).statusCode).toBe(400);
    expect((await testApp.as(outsider).post('/api/rooms/join', {})).statusCode).toBe(400);
    expect((await testApp.as(null).post('/api/rooms/join', { shareToken })).statusCode).toBe(401);
  });

  test('delete: the owner deletes the room; it is gone for everyone', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    expect((await testApp.as(member).delete(`/api/rooms/${room.id}`)).statusCode).toBe(403);
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}`)).statusCode).toBe(204);
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).statusCode).toBe(404);
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}/activity`)).statusCode).toBe(404);
  });

  test('every change writes its entry and marks the room active; a failed change writes nothing', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const text = (await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: 'hello' })).json();
    await testApp.as(member).patch(`/api/rooms/${room.id}/content/${text.id}`, { content: 'hello again' });
    const body = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('abc'));
    await testApp.as(member).inject('POST', `/api/rooms/${room.id}/upload`, body.payload, body.headers);
    await testApp.as(owner).delete(`/api/rooms/${room.id}/content/${text.id}`);
    expect(await typesOf(room.id)).toEqual([
      'content_deleted',
      'file_uploaded',
      'content_edited',
      'content_add',
      'member_added',
    ]);
    const [deleted, uploaded, , added] = await activityOf(room.id);
    expect(JSON.parse(added?.details ?? '')).toEqual({ contentType: 'text' });
    expect(JSON.parse(uploaded?.details ?? '')).toEqual({ fileName: 'notes.txt' });
    expect(JSON.parse(deleted?.details ?? '')).toEqual({ contentType: 'text' });
    expect(deleted?.user).toEqual({ id: owner.id, name: 'Test User', email: owner.email });

    const before = await updatedAtOf(room.id);
    const failures = [
      await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${owner.id}`),
      await testApp.as(member).patch(`/api/rooms/${room.id}`, { name: 'Mine now' }),
      await testApp.as(owner).post(`/api/rooms/${room.id}/content`, { content: '   ' }),
      await testApp.as(outsider).post(`/api/rooms/${room.id}/content`, { content: 'intruder' }),
      await testApp.as(owner).delete(`/api/rooms/${room.id}/content/${text.id}`),
      await testApp.as(owner).post(`/api/rooms/${room.id}/leave`),
    ];
    expect(failures.map((res) => res.statusCode)).toEqual([403, 403, 400, 403, 404, 403]);
    expect(await typesOf(room.id)).toHaveLength(5);
    expect(await updatedAtOf(room.id)).toEqual(before);
  });

  test("the dashboard's active rooms count the rooms the user belongs to", async () => {
    const newcomer = await testApp.factory.user();
    const activeRooms = async () => (await testApp.as(newcomer).get('/api/clipboard/stats')).json().activeRooms;
    expect(await activeRooms()).toBe(0);
    await testApp.factory.room({ owner: newcomer });
    const joined = await testApp.factory.room({ owner });
    await testApp.as(newcomer).get(`/api/rooms/${joined.id}`);
    expect(await activeRooms()).toBe(2);
    await testApp.as(newcomer).post(`/api/rooms/${joined.id}/leave`);
    expect(await activeRooms()).toBe(1);
  });

  test('the detail writes exactly what the RoomDetail schema would, with its lists and totals', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    for (const content of ['one', 'two', 'three']) {
      await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content });
    }
    const file = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('abc'));
    await testApp.as(owner).inject('POST', `/api/rooms/${room.id}/upload`, file.payload, file.headers);
    for (const [as, query, total] of [
      [member, 'limit=2', 4],
      [owner, 'limit=2', 4],
      [member, 'limit=2&type=text', 3],
      [member, 'limit=10', 4],
    ] as const) {
      const opened = await testApp.as(as).get(`/api/rooms/${room.id}?${query}`);
      expect(opened.statusCode).toBe(200);
      // The route skips zod's serializer for speed: the bytes must still be the schema's (keys, order, nothing more).
      expect(opened.body).toBe(JSON.stringify(RoomDetail.encode(opened.json())));
      const detail: RoomDetail = opened.json();
      expect(detail.contentTotal).toBe(total);
      expect(opened.headers['x-total-count']).toBe(String(total));
      expect(detail.members.map((m) => [m.id, m.role, m.avatar])).toEqual([
        [owner.id, 'owner', null],
        [member.id, 'member', null],
      ]);
      expect(detail.authors.map((a) => a.id).sort()).toEqual([owner.id, member.id].sort());
    }
  });

  test('a browser gets the detail gzipped from shared pieces, the same bytes, and a 304 while nothing changed', async () => {
    const room = await testApp.factory.room({ owner, name: 'Compressed' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    for (let index = 0; index < 10; index++) {
      await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: `item ${index} `.repeat(30) });
    }
    const get = (as: TestUser, headers: Record<string, string>) =>
      testApp.as(as).inject('GET', `/api/rooms/${room.id}`, undefined, headers);
    const plain = await get(member, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JSON.stringify(RoomDetail.encode(plain.json())));
    // What Chrome sends: gzip although brotli is offered, since the members' part is compressed once for all.
    const chrome = await get(member, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chrome.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(chrome.rawPayload).toString()).toBe(plain.body);
    expect(chrome.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(chrome.headers.etag).toBe(plain.headers.etag);
    expect(chrome.headers.vary).toContain('Accept-Encoding');
    // A client without gzip gets the plain bytes, whatever else it takes.
    const brOnly = await get(member, { 'accept-encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body).toBe(plain.body);
    // The owner shares the members' piece but not the member's answer.
    const byOwner = await get(owner, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(byOwner.rawPayload).toString())).toMatchObject({ role: 'owner' });
    expect(byOwner.headers.etag).not.toBe(plain.headers.etag);
    const unchanged = await get(member, { 'if-none-match': String(plain.headers.etag), 'accept-encoding': 'gzip' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });

  test('a repeated detail is the one remembered until the room changes, here or on another node', async () => {
    const room = await testApp.factory.room({ owner, name: 'Cached' });
    const detail = async () => (await testApp.as(owner).get(`/api/rooms/${room.id}`)).json() as RoomDetail;
    expect((await detail()).content).toEqual([]);
    // A change through this node: its event drops the remembered detail.
    await testApp.as(owner).post(`/api/rooms/${room.id}/content`, { content: 'first', type: 'text' });
    expect((await detail()).content.map((item) => item.content)).toEqual(['first']);
    // A change made elsewhere (another node, no event here) bumps the room's version in its transaction:
    // the version read with the caller's access refuses the remembered detail.
    await testApp.context.db.transaction(async (tx) => {
      await tx
        .insert(roomContent)
        .values({ id: newId(), roomId: room.id, userId: owner.id, type: 'text', content: 'second' });
      await tx
        .update(rooms)
        .set({ updatedAt: sql`now()` })
        .where(eq(rooms.id, room.id));
    });
    expect((await detail()).content.map((item) => item.content)).toEqual(['second', 'first']);
    // Another caller never gets the owner's detail (abilities and file links are the caller's).
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const seenByMember: RoomDetail = (await testApp.as(member).get(`/api/rooms/${room.id}`)).json();
    expect(seenByMember).toMatchObject({ role: 'member', abilities: { delete: false } });
  });

  test('members opening one room share its queries, never each other’s abilities or file links', async () => {
    const room = await testApp.factory.room({ owner, name: 'Shared parts' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: 'by the member' });
    const file = multipartFile('file', 'plan.txt', 'text/plain', Buffer.from('plan'));
    await testApp.as(owner).inject('POST', `/api/rooms/${room.id}/upload`, file.payload, file.headers);
    // Nothing changes between the two openings: the second is presented from the first's rows.
    const byOwner: RoomDetail = (await testApp.as(owner).get(`/api/rooms/${room.id}`)).json();
    const byMember: RoomDetail = (await testApp.as(member).get(`/api/rooms/${room.id}`)).json();
    expect(byMember.members).toEqual(byOwner.members);
    expect(byMember.content.map((item) => item.id)).toEqual(byOwner.content.map((item) => item.id));
    expect(byOwner).toMatchObject({ role: 'owner', abilities: { delete: true } });
    expect(byMember).toMatchObject({ role: 'member', abilities: { delete: false } });
    // Only its author may edit a text: the member may, the owner may not.
    const memberText = (detail: RoomDetail) => detail.content.find((item) => item.content === 'by the member');
    expect(memberText(byMember)?.abilities.edit).toBe(true);
    expect(memberText(byOwner)?.abilities.edit).toBe(false);
    // Each file link is signed for whoever was given it, and works for them.
    const linkOf = (detail: RoomDetail) => detail.content.find((item) => item.file_name === 'plan.txt')?.file_url;
    expect(linkOf(byMember)).not.toBe(linkOf(byOwner));
    const download = await testApp.as(null).get(String(linkOf(byMember)));
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('plan');
  });

  test('each caller’s detail splices the items all share around their own: schema bytes, plain and gzipped', async () => {
    const third = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Spliced items' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member: third });
    for (const [as, content] of [
      [owner, 'oldest by the owner'],
      [member, 'by the member'],
      [owner, 'second by the owner'],
    ] as const) {
      await testApp.as(as).post(`/api/rooms/${room.id}/content`, { content: `${content} `.repeat(20) });
    }
    const file = multipartFile('file', 'plan.txt', 'text/plain', Buffer.from('plan'));
    await testApp.as(owner).inject('POST', `/api/rooms/${room.id}/upload`, file.payload, file.headers);
    await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: 'newest by the member' });
    // The owner opens first (the shared items are made from their view), then the others, the room unchanged.
    const seen = new Map<TestUser, RoomDetail>();
    for (const as of [owner, member, third]) {
      const gzipped = await testApp
        .as(as)
        .inject('GET', `/api/rooms/${room.id}`, undefined, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      const body = gunzipSync(gzipped.rawPayload).toString();
      expect(body).toBe(JSON.stringify(RoomDetail.encode(JSON.parse(body))));
      const plain = await testApp.as(as).inject('GET', `/api/rooms/${room.id}`, undefined, { 'accept-encoding': 'br' });
      expect(plain.body).toBe(body);
      seen.set(as, JSON.parse(body));
    }
    const editable = (as: TestUser) =>
      seen
        .get(as)
        ?.content.filter((item) => item.abilities.edit)
        .map((item) => item.content.trim());
    expect(editable(owner)).toEqual([expect.stringMatching(/^second by the owner/), expect.stringMatching(/^oldest/)]);
    expect(editable(member)).toEqual(['newest by the member', expect.stringMatching(/^by the member/)]);
    expect(editable(third)).toEqual([]);
    const links = [owner, member, third].map(
      (as) => seen.get(as)?.content.find((item) => item.file_name === 'plan.txt')?.file_url,
    );
    expect(new Set(links).size).toBe(3);
    const download = await testApp.as(null).get(String(links[2]));
    expect(download.body).toBe('plan');
  });

  test('activity pages newest first with X-Total-Count', async () => {
    const room = await testApp.factory.room({ owner });
    for (const content of ['one', 'two', 'three']) {
      await testApp.as(owner).post(`/api/rooms/${room.id}/content`, { content });
    }
    const first = await testApp.as(owner).get(`/api/rooms/${room.id}/activity?limit=2`);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    const past = await testApp.as(owner).get(`/api/rooms/${room.id}/activity?limit=2&offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });
});
