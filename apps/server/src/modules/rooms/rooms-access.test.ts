import type { RoomDetail } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { findRoomAccess } from './room-access';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

/**
 * The authorization matrix over HTTP: every rooms call × owner, member, removed member, outsider and
 * signed-out caller, on a private room (outsiders get 404: its existence never leaks) and on a public one
 * (outsiders may open it, which joins them, but may not change it).
 */
type Who = 'owner' | 'member' | 'removed' | 'outsider' | 'signedOut';
const WHO: Who[] = ['owner', 'member', 'removed', 'outsider', 'signedOut'];

interface Fixture {
  room: RoomDetail;
  textId: string;
  fileUrl: string;
}
/** Set-up uploads only where a file is needed: the upload route's own rate limit counts them. */
const withFile = 'GET a room file';
interface Call {
  name: string;
  send(caller: ReturnType<TestApp['as']>, fixture: Fixture): Promise<{ statusCode: number }>;
  /** owner, member, removed member, outsider, signed out */
  private: [number, number, number, number, number];
  public: [number, number, number, number, number];
}

describe('rooms authorization matrix', () => {
  let testApp: TestApp;
  const users = {} as Record<Exclude<Who, 'signedOut'>, TestUser>;
  let invitee: TestUser;

  const fixture = async (isPrivate: boolean, hasFile = false): Promise<Fixture> => {
    const room = await testApp.factory.room({ owner: users.owner, name: 'Matrix', isPrivate });
    await testApp.factory.roomMember({ by: users.owner, roomId: room.id, member: users.member });
    await testApp.factory.roomMember({ by: users.owner, roomId: room.id, member: users.removed });
    await testApp.as(users.owner).delete(`/api/rooms/${room.id}/members/${users.removed.id}`);
    const text = await testApp.as(users.member).post(`/api/rooms/${room.id}/content`, { content: 'by the member' });
    if (!hasFile) return { room, textId: text.json().id, fileUrl: '' };
    const body = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('abc'));
    const upload = await testApp
      .as(users.member)
      .inject('POST', `/api/rooms/${room.id}/upload`, body.payload, body.headers);
    // The bare address: the matrix checks the bearer caller; signed links have their own tests.
    const fileUrl = (upload.json() as { url: string }).url.split('?')[0] ?? '';
    return { room, textId: text.json().id, fileUrl };
  };

  const upload = (caller: ReturnType<TestApp['as']>, roomId: string) => {
    const body = multipartFile('file', 'b.txt', 'text/plain', Buffer.from('def'));
    return caller.inject('POST', `/api/rooms/${roomId}/upload`, body.payload, body.headers);
  };

  const calls: Call[] = [
    {
      name: 'GET /rooms/{id}',
      send: (c, f) => c.get(`/api/rooms/${f.room.id}`),
      private: [200, 200, 404, 404, 401],
      // Opening a public room joins an outsider, never someone the owner removed.
      public: [200, 200, 403, 200, 401],
    },
    {
      name: 'GET /rooms/{id}/content',
      send: (c, f) => c.get(`/api/rooms/${f.room.id}/content`),
      private: [200, 200, 404, 404, 401],
      public: [200, 200, 403, 403, 401],
    },
    {
      name: 'PATCH /rooms/{id}',
      send: (c, f) => c.patch(`/api/rooms/${f.room.id}`, { name: 'Renamed' }),
      private: [200, 403, 404, 404, 401],
      public: [200, 403, 403, 403, 401],
    },
    {
      name: 'DELETE /rooms/{id}',
      send: (c, f) => c.delete(`/api/rooms/${f.room.id}`),
      private: [204, 403, 404, 404, 401],
      public: [204, 403, 403, 403, 401],
    },
    {
      name: 'POST /rooms/{id}/share-token',
      send: (c, f) => c.post(`/api/rooms/${f.room.id}/share-token`),
      private: [200, 403, 404, 404, 401],
      public: [200, 403, 403, 403, 401],
    },
    {
      name: 'POST /rooms/{id}/leave',
      send: (c, f) => c.post(`/api/rooms/${f.room.id}/leave`),
      private: [403, 204, 404, 404, 401],
      public: [403, 204, 403, 403, 401],
    },
    {
      name: 'POST /rooms/{id}/members',
      send: (c, f) => c.post(`/api/rooms/${f.room.id}/members`, { email: invitee.email }),
      private: [202, 202, 404, 404, 401],
      public: [202, 202, 403, 403, 401],
    },
    {
      name: 'GET /rooms/{id}/invitations',
      send: (c, f) => c.get(`/api/rooms/${f.room.id}/invitations`),
      private: [200, 200, 404, 404, 401],
      public: [200, 200, 403, 403, 401],
    },
    {
      name: 'DELETE /rooms/{id}/members/{member}',
      send: (c, f) => c.delete(`/api/rooms/${f.room.id}/members/${users.member.id}`),
      private: [204, 403, 404, 404, 401],
      public: [204, 403, 403, 403, 401],
    },
    {
      name: 'DELETE /rooms/{id}/members/{owner}',
      send: (c, f) => c.delete(`/api/rooms/${f.room.id}/members/${users.owner.id}`),
      private: [403, 403, 404, 404, 401],
      public: [403, 403, 403, 403, 401],
    },
    {
      name: 'GET /rooms/{id}/activity',
      send: (c, f) => c.get(`/api/rooms/${f.room.id}/activity`),
      private: [200, 200, 404, 404, 401],
      public: [200, 200, 403, 403, 401],
    },
    {
      name: 'POST /rooms/{id}/content',
      send: (c, f) => c.post(`/api/rooms/${f.room.id}/content`, { content: 'more', type: 'text' }),
      private: [201, 201, 404, 404, 401],
      public: [201, 201, 403, 403, 401],
    },
    {
      name: "PATCH /rooms/{id}/content/{member's text}",
      send: (c, f) => c.patch(`/api/rooms/${f.room.id}/content/${f.textId}`, { content: 'edited' }),
      private: [403, 200, 404, 404, 401],
      public: [403, 200, 403, 403, 401],
    },
    {
      name: 'DELETE /rooms/{id}/content/{id}',
      send: (c, f) => c.delete(`/api/rooms/${f.room.id}/content/${f.textId}`),
      private: [204, 204, 404, 404, 401],
      public: [204, 204, 403, 403, 401],
    },
    {
      name: 'POST /rooms/{id}/upload',
      send: (c, f) => upload(c, f.room.id),
      private: [201, 201, 404, 404, 401],
      public: [201, 201, 403, 403, 401],
    },
    {
      name: 'GET a room file',
      send: (c, f) => c.get(f.fileUrl),
      private: [200, 200, 404, 404, 401],
      public: [200, 200, 403, 403, 401],
    },
  ];

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    for (const who of ['owner', 'member', 'removed', 'outsider'] as const) users[who] = await testApp.factory.user();
    invitee = await testApp.factory.user();
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  for (const visibility of ['private', 'public'] as const) {
    describe(`${visibility} room`, () => {
      const cases = calls.flatMap((call) =>
        WHO.map((who, index) => [call.name, who, call[visibility][index], call] as const),
      );
      test.each(cases)('%s by %s → %i', async (_name, who, expected, call) => {
        const f = await fixture(visibility === 'private', call.name === withFile);
        const caller = testApp.as(who === 'signedOut' ? null : users[who]);
        const res = await call.send(caller, f);
        expect(res.statusCode).toBe(expected);
      });
    });
  }

  test('GET /rooms lists only the caller’s rooms; signed out is 401', async () => {
    const f = await fixture(true);
    const idsOf = async (who: Exclude<Who, 'signedOut'>) =>
      ((await testApp.as(users[who]).get('/api/rooms?limit=100')).json() as Array<{ id: string }>).map((r) => r.id);
    expect(await idsOf('owner')).toContain(f.room.id);
    expect(await idsOf('member')).toContain(f.room.id);
    expect(await idsOf('removed')).not.toContain(f.room.id);
    expect(await idsOf('outsider')).not.toContain(f.room.id);
    expect((await testApp.as(null).get('/api/rooms')).statusCode).toBe(401);
  });

  test('callers asking at once, whose access is read in one query, each get their own answer', async () => {
    const privateRoom = await fixture(true);
    const publicRoom = await fixture(false);
    const asked = [
      ['owner', privateRoom, 200],
      ['member', privateRoom, 200],
      ['removed', privateRoom, 404],
      ['outsider', privateRoom, 404],
      ['signedOut', privateRoom, 401],
      ['owner', publicRoom, 200],
      ['removed', publicRoom, 403],
      ['outsider', publicRoom, 403],
    ] as const;
    // Content rather than the detail: opening a public room would join the outsider.
    const answers = await Promise.all(
      asked.map(([who, f]) =>
        testApp.as(who === 'signedOut' ? null : users[who]).get(`/api/rooms/${f.room.id}/content`),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(asked.map(([, , status]) => status));
    const details = await Promise.all(
      (['owner', 'member'] as const).map((who) => testApp.as(users[who]).get(`/api/rooms/${privateRoom.room.id}`)),
    );
    expect(details.map((res) => (res.json() as RoomDetail).abilities.delete)).toEqual([true, false]);
  });

  test('one batch of access reads (asked in the same turn) maps each row back to its own caller', async () => {
    const privateRoom = await fixture(true);
    const publicRoom = await fixture(false);
    const actorOf = (user: TestUser) => ({ userId: user.id, sessionId: 'not read here', expiresAt: 0 });
    const asked = [
      [users.owner, privateRoom, 'owner'],
      [users.member, privateRoom, 'member'],
      [users.removed, privateRoom, null],
      [users.outsider, privateRoom, null],
      [users.member, publicRoom, 'member'],
      [users.outsider, publicRoom, null],
      [users.owner, publicRoom, 'owner'],
    ] as const;
    const found = await Promise.all([
      ...asked.map(([user, f]) => findRoomAccess(testApp.context.db, actorOf(user), f.room.id)),
      findRoomAccess(testApp.context.db, null, publicRoom.room.id),
    ]);
    expect(found.map(({ access }) => access.role)).toEqual([...asked.map(([, , role]) => role), null]);
    expect(found.map(({ room }) => room.id)).toEqual([...asked.map(([, f]) => f.room.id), publicRoom.room.id]);
    await expect(findRoomAccess(testApp.context.db, actorOf(users.owner), 'AAAAAAAAAAAAAAAAAAAAAA')).rejects.toThrow(
      'Room not found',
    );
  });

  describe('forged and malformed ids', () => {
    const unknownId = 'AAAAAAAAAAAAAAAAAAAAAA';
    test.each([
      ['GET', `/api/rooms/${unknownId}`],
      ['PATCH', `/api/rooms/${unknownId}`],
      ['DELETE', `/api/rooms/${unknownId}`],
      ['POST', `/api/rooms/${unknownId}/leave`],
      ['GET', `/api/rooms/${unknownId}/activity`],
      ['POST', `/api/rooms/${unknownId}/content`],
      ['GET', `/api/rooms/${unknownId}/files/${unknownId}/a.txt`],
    ] as const)('%s %s (unknown room) → 404', async (method, url) => {
      const payload = method === 'PATCH' ? { name: 'x' } : method === 'POST' ? { content: 'x' } : undefined;
      const res = await testApp.as(users.owner).inject(method, url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    test('unknown content, member and file ids in a real room → 404', async () => {
      const f = await fixture(false);
      const owner = testApp.as(users.owner);
      expect((await owner.patch(`/api/rooms/${f.room.id}/content/${unknownId}`, { content: 'x' })).statusCode).toBe(
        404,
      );
      expect((await owner.delete(`/api/rooms/${f.room.id}/content/${unknownId}`)).statusCode).toBe(404);
      expect((await owner.delete(`/api/rooms/${f.room.id}/members/${unknownId}`)).statusCode).toBe(404);
      expect((await owner.get(`/api/rooms/${f.room.id}/files/${f.textId}/x.txt`)).statusCode).toBe(404);
    });

    test('content of another room is 404 through this room', async () => {
      const mine = await fixture(false);
      const other = await fixture(false, true);
      const res = await testApp.as(users.owner).delete(`/api/rooms/${mine.room.id}/content/${other.textId}`);
      expect(res.statusCode).toBe(404);
      expect((await testApp.as(users.owner).get(other.fileUrl.replace(other.room.id, mine.room.id))).statusCode).toBe(
        404,
      );
    });

    test.each([
      ['GET', '/api/rooms/not-an-id'],
      ['DELETE', '/api/rooms/short/members/AAAAAAAAAAAAAAAAAAAAAA'],
      ['DELETE', '/api/rooms/AAAAAAAAAAAAAAAAAAAAAA/content/bad%20id'],
      ['GET', '/api/rooms?sort=owner'],
      ['GET', '/api/rooms?limit=0'],
      ['GET', '/api/rooms/AAAAAAAAAAAAAAAAAAAAAA?range=year'],
      ['GET', '/api/rooms/AAAAAAAAAAAAAAAAAAAAAA?user=someone@example.com'],
    ] as const)('%s %s → 400 with the error body', async (method, url) => {
      const res = await testApp.as(users.owner).inject(method, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    });
  });
});
