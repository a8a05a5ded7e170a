import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { roomInvitations } from '../../db/schema';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';

const HOUR = 60 * 60 * 1000;
const NOT_FOUND = { error: 'This link is invalid or has expired.', code: 'NOT_FOUND' };
/** An error body without its per-request id: what tells one refusal from another, if anything. */
const withoutRequestId = (body: string) => JSON.stringify({ ...JSON.parse(body), requestId: undefined });

/** A signed-out visitor holding a room's link learns the room's name, and nothing about links that do not work. */
describe('room link preview', () => {
  let testApp: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  const preview = (kind: string, token: string) => testApp.as(null).post('/api/rooms/link-preview', { kind, token });

  /** An invitation to `roomId` written straight to the database, with the token its mail would carry. */
  async function invitation(roomId: string, changes: { expiresAt?: Date; acceptedAt?: Date } = {}) {
    const token = newSecretToken();
    await testApp.context.db.insert(roomInvitations).values({
      id: newId(),
      roomId,
      email: `guest-${newId().slice(0, 8).toLowerCase()}@example.com`,
      invitedBy: owner.id,
      tokenHash: hashToken(token),
      expiresAt: changes.expiresAt ?? new Date(Date.now() + HOUR),
      acceptedAt: changes.acceptedAt ?? null,
    });
    return token;
  }

  test("an invite link's room name, signed out; a forged or replaced token is a 404 like any other", async () => {
    const room = await testApp.factory.room({ owner, name: 'Team notes', isPrivate: true });
    const shareToken = room.shareToken ?? '';
    const res = await preview('join', shareToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Team notes' });

    const forged = await preview('join', `${shareToken.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject(NOT_FOUND);
    // A join token is no invitation token: the kinds do not cross.
    expect((await preview('invite', shareToken)).statusCode).toBe(404);

    expect((await testApp.as(owner).post(`/api/rooms/${room.id}/share-token`)).statusCode).toBe(200);
    const replaced = await preview('join', shareToken);
    expect(replaced.statusCode).toBe(404);
    expect(withoutRequestId(replaced.body)).toBe(withoutRequestId(forged.body));
  });

  test("a mailed invitation's room name while it works; expired, spent and unknown ones get the same 404", async () => {
    const room = await testApp.factory.room({ owner, name: 'Recipes' });
    const valid = await preview('invite', await invitation(room.id));
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ name: 'Recipes' });

    const expired = await preview('invite', await invitation(room.id, { expiresAt: new Date(Date.now() - 1000) }));
    const spent = await preview('invite', await invitation(room.id, { acceptedAt: new Date() }));
    const unknown = await preview('invite', newSecretToken());
    for (const refused of [expired, spent, unknown]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject(NOT_FOUND);
      expect(withoutRequestId(refused.body)).toBe(withoutRequestId(unknown.body));
    }
  });

  test('a malformed request is refused before any lookup', async () => {
    expect((await preview('room', 'x')).statusCode).toBe(400);
    expect((await preview('join', '')).statusCode).toBe(400);
    expect((await preview('join', 'x'.repeat(129))).statusCode).toBe(400);
  });

  test('lookups are limited per address, as joins are: guessing tokens here is no faster', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await preview('join', newSecretToken())).statusCode);
    expect(statuses).toContain(429);
  });
});
