import { TOKEN_ENDPOINTS, type SecurityEventPage, type TokenScope } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';

/** What a token may do about itself (`GET`/`DELETE /api/tokens/current`): see itself, end itself, nothing else. */
describe('the calling token about itself', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const CURRENT = `/api${TOKEN_ENDPOINTS.current.path}`;
  const bearer = (token: string) => ({ tokens: { access_token: token } });
  const create = (owner: TestUser, name: string, scopes: TokenScope[]) =>
    testApp.factory.token({ owner, name, scopes });
  const canReadClips = async (token: string) =>
    (await testApp.as(bearer(token)).get('/api/clipboard/history')).statusCode === 200;

  test('any token sees its own name and scopes and whose it is, whatever its scopes', async () => {
    const owner = await testApp.factory.user({ name: 'Ada Lovelace' });
    const roomsOnly = await create(owner, 'rooms bot', ['rooms']);
    const res = await testApp.as(bearer(roomsOnly.token)).get(CURRENT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token: { id: roomsOnly.id, name: 'rooms bot', scopes: ['rooms'], source: 'manual' },
      user: { id: owner.id, email: owner.email, name: 'Ada Lovelace' },
    });
    expect(JSON.stringify(res.json())).not.toContain(roomsOnly.token);
  });

  test('a token ends itself: its next call is refused, its socket closed, the owner’s other tokens untouched', async () => {
    const owner = await testApp.factory.user();
    const laptop = await create(owner, 'laptop', ['clips:read']);
    const phone = await create(owner, 'phone', ['clips:read']);
    const baseUrl = await testApp.listen();
    const socket = await connectSocket(baseUrl, { token: laptop.token });
    const closed = new Promise((resolve) => socket.on('disconnect', resolve));

    expect((await testApp.as(bearer(laptop.token)).delete(CURRENT)).statusCode).toBe(204);

    expect(await canReadClips(laptop.token)).toBe(false);
    expect((await testApp.as(bearer(laptop.token)).get(CURRENT)).statusCode).toBe(401);
    await closed;
    socket.close();
    expect(await canReadClips(phone.token)).toBe(true);
    const listed = (await testApp.as(owner).get('/api/tokens')).json<{ tokens: Array<{ id: string }> }>();
    expect(listed.tokens.map(({ id }) => id)).toEqual([phone.id]);
  });

  test('a token\'s sign-out is a "token revoked" in its owner\'s security events, once', async () => {
    const owner = await testApp.factory.user();
    const cli = await create(owner, 'my CLI', ['clips:read']);
    expect((await testApp.as(bearer(cli.token)).delete(CURRENT)).statusCode).toBe(204);
    expect((await testApp.as(bearer(cli.token)).delete(CURRENT)).statusCode).toBe(401);
    const page = (await testApp.as(owner).get('/api/account/security-events')).json<SecurityEventPage>();
    const revoked = page.events.filter((event) => event.action === 'token.revoked');
    expect(revoked.map((event) => [event.byAdmin, event.details.name])).toEqual([[false, 'my CLI']]);
  });

  test('a token cannot end another token, its owner’s or anyone’s', async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const mine = await create(owner, 'mine', ['clips:read', 'clips:write', 'desktop', 'rooms']);
    const sibling = await create(owner, 'sibling', ['clips:read']);
    const theirs = await create(stranger, 'theirs', ['clips:read']);

    for (const target of [sibling, theirs]) {
      const res = await testApp.as(bearer(mine.token)).delete(`/api/tokens/${target.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TOKEN_NOT_ALLOWED' });
      expect(await canReadClips(target.token)).toBe(true);
    }
    expect((await testApp.as(bearer(mine.token)).get('/api/tokens')).statusCode).toBe(403);
  });

  test('a browser session has no token to see or end: 404, and it stays signed in', async () => {
    const owner = await testApp.factory.user();
    const res = await testApp.as(owner).delete(CURRENT);
    expect(res.statusCode).toBe(404);
    expect((await testApp.as(owner).get(CURRENT)).statusCode).toBe(404);
    expect((await testApp.as(owner).get('/api/auth/me')).statusCode).toBe(200);
  });

  test('signed out: 401', async () => {
    expect((await testApp.as(null).get(CURRENT)).statusCode).toBe(401);
    expect((await testApp.as(null).delete(CURRENT)).statusCode).toBe(401);
  });
});
