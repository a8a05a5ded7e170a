import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Desktop as DesktopSchema, MAX_UPLOAD_BYTES, type Desktop, type DesktopItem } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { desktopItems, desktops } from '../../db/schema';
import { createFileLinks } from '../../lib/file-links';
import { createDesktopsContext } from './desktop.context';
import { sweepExpiredLanItems, sweepIdleLanDesktops } from './lan-desktop.service';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const MIB = 1024 * 1024;
const FORGED_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
/** Two households, as the server sees them from outside (no proxy in front of it here). */
const HOME = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

describe('virtual desktop over HTTP', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let other: TestUser;

  /** A signed-out caller from a given address (Fastify's inject sets the socket's remote address). */
  const from = (remoteAddress: string) => (method: InjectOptions['method'], url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, remoteAddress });
  const addText = (user: TestUser | null, content: string, extra: object = {}) =>
    testApp.as(user).post('/api/virtual-desktop/items/text', { content, ...extra });
  const upload = (user: TestUser | null, name: string, content: Buffer, fields: Record<string, string> = {}) => {
    const body = multipartFile('file', name, 'application/octet-stream', content, fields);
    return testApp.as(user).inject('POST', '/api/virtual-desktop/items/file', body.payload, body.headers);
  };
  const desktopOf = (user: TestUser) => testApp.factory.desktop({ owner: user });
  const keptFiles = async (): Promise<number> => {
    const root = join(testApp.config.dataDir, 'files');
    const dirs = (await readdir(root).catch(() => [])).filter((name) => name !== 'tmp');
    return (await Promise.all(dirs.map((dir) => readdir(join(root, dir))))).flat().length;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(12 * MIB), RATE_LIMIT_PER_MINUTE: '100000' });
    [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('a signed-in user has one desktop, created on first use, that only they see', async () => {
    const first = await desktopOf(owner);
    expect(first).toMatchObject({
      kind: 'personal',
      items: [],
      shareToken: null,
      notice: null,
      itemsExpireAfterMs: null,
    });
    expect(first.abilities).toEqual({ addItems: true, moveItems: true, deleteItems: true, share: true });
    expect(first.network_id).toBe(first.id);
    expect((await desktopOf(owner)).id).toBe(first.id);
    expect((await desktopOf(other)).id).not.toBe(first.id);
  });

  test('text: non-blank, placed at 0,0 in 200×150 unless told otherwise, kept in order', async () => {
    expect((await addText(owner, '  \n ')).statusCode).toBe(400);
    const plain = await addText(owner, 'hello');
    expect(plain.statusCode).toBe(201);
    expect(plain.json<DesktopItem>()).toMatchObject({
      type: 'text',
      content: 'hello',
      position: { x: 0, y: 0 },
      size: { width: 200, height: 150 },
      file_url: null,
    });
    const placed = await addText(owner, 'there', { position: { x: 300, y: 40 }, size: { width: 240, height: 120 } });
    expect(placed.json<DesktopItem>()).toMatchObject({
      position: { x: 300, y: 40 },
      size: { width: 240, height: 120 },
    });
    expect((await desktopOf(owner)).items.map((item) => item.content)).toEqual(['hello', 'there']);
    expect((await desktopOf(other)).items).toEqual([]);
  });

  test('positions and sizes are bounded integers; unknown fields are refused', async () => {
    for (const extra of [
      { position: { x: -1, y: 0 } },
      { position: { x: 1.5, y: 0 } },
      { position: { x: 0, y: 20_001 } },
      { size: { width: 10, height: 150 } },
      { size: { width: 200, height: 100_000 } },
      { ownerId: other.id },
    ]) {
      const response = await addText(owner, 'x', extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  test('one block moves by PATCH; a whole drag moves in one batch call; other desktops’ ids are 404', async () => {
    const a = (await addText(owner, 'a')).json<DesktopItem>();
    const b = (await addText(owner, 'b')).json<DesktopItem>();
    const moved = await testApp.as(owner).patch(`/api/virtual-desktop/items/${a.id}`, { position: { x: 10, y: 20 } });
    expect(moved.json<DesktopItem>()).toMatchObject({ position: { x: 10, y: 20 }, size: { width: 200, height: 150 } });
    expect((await testApp.as(owner).patch(`/api/virtual-desktop/items/${a.id}`, {})).statusCode).toBe(400);

    const layout = [
      { id: a.id, position: { x: 400, y: 0 }, size: { width: 300, height: 200 } },
      { id: b.id, position: { x: 0, y: 400 }, size: { width: 200, height: 150 } },
    ];
    const saved = await testApp.as(owner).patch('/api/virtual-desktop/items', { items: layout });
    expect(saved.statusCode).toBe(200);
    const stored = (await desktopOf(owner)).items;
    expect(stored.find((item) => item.id === a.id)).toMatchObject({ position: { x: 400, y: 0 }, size: { width: 300 } });
    expect(stored.find((item) => item.id === b.id)).toMatchObject({ position: { x: 0, y: 400 } });

    // Someone else's block, or a made-up id, in the batch: nothing moves.
    const theirs = (await addText(other, 'theirs')).json<DesktopItem>();
    for (const id of [theirs.id, FORGED_ID]) {
      const mixed = [
        { ...layout[0]!, position: { x: 1, y: 1 } },
        { ...layout[1]!, id },
      ];
      expect((await testApp.as(owner).patch('/api/virtual-desktop/items', { items: mixed })).statusCode).toBe(404);
      expect(
        (await testApp.as(owner).patch(`/api/virtual-desktop/items/${id}`, { position: { x: 1, y: 1 } })).statusCode,
      ).toBe(404);
      expect((await testApp.as(owner).delete(`/api/virtual-desktop/items/${id}`)).statusCode).toBe(404);
    }
    expect((await desktopOf(owner)).items.find((item) => item.id === a.id)?.position).toEqual({ x: 400, y: 0 });
    expect((await desktopOf(other)).items.map((item) => item.id)).toContain(theirs.id);
  });

  test('delete removes the block and a file’s bytes', async () => {
    const before = await keptFiles();
    const file = (await upload(owner, 'notes.bin', Buffer.alloc(1000, 1))).json<DesktopItem>();
    expect(await keptFiles()).toBe(before + 1);
    expect((await testApp.as(owner).delete(`/api/virtual-desktop/items/${file.id}`)).statusCode).toBe(204);
    expect(await keptFiles()).toBe(before);
    expect((await desktopOf(owner)).items.map((item) => item.id)).not.toContain(file.id);
    expect((await testApp.as(owner).delete(`/api/virtual-desktop/items/${file.id}`)).statusCode).toBe(404);
  });

  test('files: the 10 MB rule and its message, the owner’s quota, a signed link to fetch them', async () => {
    const ok = await upload(owner, 'photo.png', Buffer.from('not really a png'), { x: '20', y: '30' });
    expect(ok.statusCode).toBe(201);
    const item = ok.json<DesktopItem>();
    expect(item).toMatchObject({ type: 'file', file_name: 'photo.png', file_size: 16, position: { x: 20, y: 30 } });
    const fetched = await testApp.as(null).get(item.file_url!);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).toBe('not really a png');
    // Without the link, or with another file's, the file does not exist.
    expect((await testApp.as(owner).get(item.file_url!.split('?')[0]!)).statusCode).toBe(404);
    const other = (await upload(owner, 'other.bin', Buffer.from('x'))).json<DesktopItem>();
    const borrowed = `${item.file_url!.split('?')[0]}?${other.file_url!.split('?')[1]}`;
    expect((await testApp.as(null).get(borrowed)).statusCode).toBe(404);

    const tooBig = await upload(owner, 'big.bin', Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'big.bin exceeds the 10MB limit. Please choose a smaller file.' });
    expect((await upload(owner, 'a.bin', Buffer.alloc(9 * MIB))).statusCode).toBe(201);
    const overQuota = await upload(owner, 'b.bin', Buffer.alloc(4 * MIB));
    expect(overQuota.statusCode).toBe(413);
    expect(overQuota.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  test('the raw-body PUT: the file as the body, desktopId, x and y in the query, the same answer', async () => {
    const user = await testApp.factory.user();
    const put = (caller: TestUser | null, name: string, content: Buffer, query = '') =>
      testApp.as(caller).inject('PUT', `/api/virtual-desktop/items/file${query}`, content, {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
      });
    const ok = await put(user, 'plan 1.txt', Buffer.from('raw bytes'), '?x=40&y=50');
    expect(ok.statusCode, ok.body).toBe(201);
    const item = ok.json<DesktopItem>();
    expect(item).toMatchObject({ type: 'file', file_name: 'plan 1.txt', file_size: 9, position: { x: 40, y: 50 } });
    expect((await testApp.as(null).get(item.file_url!)).body).toBe('raw bytes');
    expect((await desktopOf(user)).items.map((listed) => listed.id)).toContain(item.id);

    expect((await put(user, 'a.txt', Buffer.from('x'), '?x=left')).statusCode).toBe(400);
    expect((await put(user, 'a\u0000.txt', Buffer.from('x'))).statusCode).toBe(400);
    // Dropped signed out through the owner's share link, onto that desktop; a forged link is a 404.
    const { shareToken } = (await testApp.as(user).post('/api/virtual-desktop/share')).json<{ shareToken: string }>();
    const dropped = await put(null, 'dropped.txt', Buffer.from('dropped'), `?desktopId=${shareToken}`);
    expect(dropped.statusCode).toBe(201);
    expect((await desktopOf(user)).items.map((listed) => listed.file_name)).toContain('dropped.txt');
    expect((await put(null, 'x.txt', Buffer.from('x'), `?desktopId=${FORGED_ID}`)).statusCode).toBe(404);
  });

  test('share link: owner only; whoever holds it views, adds and deletes; rotating or revoking ends it', async () => {
    // Signed out: refused before any desktop is looked up (none is made for the caller's network).
    for (const method of ['POST', 'DELETE'] as const) {
      const signedOut = await testApp.app.inject({ method, url: '/api/virtual-desktop/share' });
      expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'UNAUTHORIZED']);
    }
    const { shareToken } = (await testApp.as(other).post('/api/virtual-desktop/share')).json<{ shareToken: string }>();
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await desktopOf(other)).shareToken).toBe(shareToken);

    const shared = await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`);
    expect(shared.statusCode).toBe(200);
    const view = shared.json<Desktop>();
    expect(view).toMatchObject({ kind: 'shared', id: (await desktopOf(other)).id });
    expect(view).not.toHaveProperty('shareToken');
    expect(view.abilities.share).toBe(false);
    // The owner's other user (and a visitor) add and delete through the link; it lands on the shared desktop.
    const added = await addText(owner, 'via link', { desktopId: shareToken });
    expect(added.statusCode).toBe(201);
    const viaLink = added.json<DesktopItem>();
    expect((await desktopOf(other)).items.map((item) => item.content)).toContain('via link');
    expect((await desktopOf(owner)).items.map((item) => item.content)).not.toContain('via link');
    const fileViaLink = await upload(null, 'dropped.txt', Buffer.from('dropped'), { desktopId: shareToken });
    expect(fileViaLink.statusCode).toBe(201);
    expect(
      (await testApp.as(null).delete(`/api/virtual-desktop/items/${viaLink.id}?desktopId=${shareToken}`)).statusCode,
    ).toBe(204);
    // The link holder cannot manage the link, nor reach the owner's desktop without it.
    expect((await testApp.as(owner).get(`/api/virtual-desktop/shared/${shareToken}x`)).statusCode).toBe(404);
    expect((await testApp.as(null).get(`/api/virtual-desktop/shared/${FORGED_ID}`)).json()).toEqual({
      error: 'Desktop not found or access denied.',
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });

    const rotated = (await testApp.as(other).post('/api/virtual-desktop/share')).json<{ shareToken: string }>();
    expect(rotated.shareToken).not.toBe(shareToken);
    expect((await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`)).statusCode).toBe(404);
    expect((await addText(null, 'late', { desktopId: shareToken })).statusCode).toBe(404);
    expect((await testApp.as(null).get(`/api/virtual-desktop/shared/${rotated.shareToken}`)).statusCode).toBe(200);
    expect((await testApp.as(other).delete('/api/virtual-desktop/share')).statusCode).toBe(204);
    expect((await testApp.as(null).get(`/api/virtual-desktop/shared/${rotated.shareToken}`)).statusCode).toBe(404);
    expect((await desktopOf(other)).shareToken).toBeNull();
  });

  test('file links shown under a share link end when it is rotated or revoked; the owner’s earlier ones do not', async () => {
    const user = await testApp.factory.user();
    const before = (await upload(user, 'kept.txt', Buffer.from('kept'))).json<DesktopItem>();
    const share = async () =>
      (await testApp.as(user).post('/api/virtual-desktop/share')).json<{ shareToken: string }>().shareToken;
    const linkShownUnder = async (shareToken: string) => {
      const view = (await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`)).json<Desktop>();
      return view.items.find((item) => item.id === before.id)?.file_url ?? '';
    };
    const opens = async (url: string | null) => (await testApp.as(null).get(url ?? '')).statusCode;

    const first = await share();
    const sharedLink = await linkShownUnder(first);
    expect(sharedLink).not.toBe(before.file_url);
    expect(await opens(sharedLink)).toBe(200);
    expect(await opens(before.file_url)).toBe(200);

    const rotatedLink = await linkShownUnder(await share());
    expect(await opens(sharedLink)).toBe(404);
    expect(await opens(rotatedLink)).toBe(200);
    // A block added while shared is announced to the shared views too: its link is the share's as well.
    const addedWhileShared = (await upload(user, 'new.txt', Buffer.from('new'))).json<DesktopItem>();
    expect(await opens(addedWhileShared.file_url)).toBe(200);

    expect((await testApp.as(user).delete('/api/virtual-desktop/share')).statusCode).toBe(204);
    expect(await opens(rotatedLink)).toBe(404);
    expect(await opens(addedWhileShared.file_url)).toBe(404);
    expect(await opens(before.file_url)).toBe(200);
    const again = (await testApp.as(user).get('/api/virtual-desktop')).json<Desktop>();
    for (const item of again.items) expect(await opens(item.file_url)).toBe(200);
  });

  test('a desktop file opens only with a link signed for a desktop file, not one of another purpose', async () => {
    const user = await testApp.factory.user();
    const item = (await upload(user, 'purpose.txt', Buffer.from('purpose'))).json<DesktopItem>();
    const desktopId = (await desktopOf(user)).id;
    const links = createFileLinks(testApp.context.serverSecret);
    const path = (item.file_url ?? '').split('?')[0];
    const asRoomLink = links.sign('room', { userId: desktopId, sessionId: '-' }, item.id);
    expect((await testApp.as(null).get(`${path}?access=${asRoomLink}`)).statusCode).toBe(404);
    const asDesktopLink = links.sign('desktop', { desktopId, shareTag: '-' }, item.id);
    expect((await testApp.as(null).get(`${path}?access=${asDesktopLink}`)).body).toBe('purpose');
  });

  test('signed out: the LAN desktop of the caller’s network, with who can see it, and no share link', async () => {
    const home = from(HOME);
    const first = (await home('GET', '/api/virtual-desktop')).json<Desktop>();
    expect(first).toMatchObject({ kind: 'lan', itemsExpireAfterMs: 24 * 60 * 60 * 1000 });
    expect(first.notice).toMatch(/Everyone on this network/);
    expect(first).not.toHaveProperty('shareToken');
    expect(first.abilities.share).toBe(false);
    expect((await home('POST', '/api/virtual-desktop/share')).statusCode).toBe(401);
    expect((await home('POST', '/api/virtual-desktop/items/text', { content: 'for the house' })).statusCode).toBe(201);

    // Another device of the same household sees it; a neighbour has a desktop of their own.
    const again = (await from(HOME)('GET', '/api/virtual-desktop')).json<Desktop>();
    expect(again.id).toBe(first.id);
    expect(again.items.map((item) => item.content)).toEqual(['for the house']);
    const neighbour = (await from(NEIGHBOUR)('GET', '/api/virtual-desktop')).json<Desktop>();
    expect(neighbour.id).not.toBe(first.id);
    expect(neighbour.items).toEqual([]);
    const houseItem = again.items[0]!;
    expect((await from(NEIGHBOUR)('DELETE', `/api/virtual-desktop/items/${houseItem.id}`)).statusCode).toBe(404);
    // No proxy is trusted here: a client naming another address in X-Forwarded-For gets no other network's
    // desktop, nor its own: it is grouped with no one (lib/client-address.ts).
    const posing = await testApp.app.inject({
      method: 'GET',
      url: '/api/virtual-desktop',
      remoteAddress: NEIGHBOUR,
      headers: { 'x-forwarded-for': HOME },
    });
    expect(posing.statusCode).toBe(403);
    expect(posing.json()).toMatchObject({ code: 'NOT_LOCAL_NETWORK' });
    // The answer names the network by fingerprint, never by address.
    expect(JSON.stringify(again)).not.toContain('203.0.113');
  });

  test('the answer is the schema’s bytes, remembered only while no block changes, wherever the change is made', async () => {
    const user = await testApp.factory.user();
    const text = (await addText(user, 'first')).json<DesktopItem>();
    const opened = await testApp.as(user).get('/api/virtual-desktop');
    // The route skips zod's serializer for speed: the bytes must still be the schema's (keys, order, nothing more).
    expect(opened.body).toBe(JSON.stringify(DesktopSchema.encode(opened.json())));
    expect((await testApp.as(user).get('/api/virtual-desktop')).body).toBe(opened.body);
    // Moved by another node (no event here): the blocks' version read with each call refuses the old answer.
    await testApp.context.db.update(desktopItems).set({ x: 40 }).where(eq(desktopItems.id, text.id));
    expect((await desktopOf(user)).items.map((item) => item.position.x)).toEqual([40]);
    await testApp.context.db.delete(desktopItems).where(eq(desktopItems.id, text.id));
    expect((await desktopOf(user)).items).toEqual([]);
    // Through this node: the event drops the answer at once.
    await addText(user, 'second');
    expect((await desktopOf(user)).items.map((item) => item.content)).toEqual(['second']);
    // Whoever holds the share link gets its own answer, never the owner's (no share token in it).
    const { shareToken } = (await testApp.as(user).post('/api/virtual-desktop/share')).json<{ shareToken: string }>();
    const shared = await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`);
    expect(shared.body).toBe(JSON.stringify(DesktopSchema.encode(shared.json())));
    expect(shared.json<Desktop>()).toMatchObject({ kind: 'shared', items: [{ content: 'second' }] });
    expect(shared.json<Desktop>()).not.toHaveProperty('shareToken');
  });

  test('a browser gets the answer compressed, and a 304 without a body while nothing changed', async () => {
    const user = await testApp.factory.user();
    for (let index = 0; index < 20; index++) await addText(user, `block ${index} `.repeat(20));
    const get = (headers: Record<string, string>) =>
      testApp.as(user).inject('GET', '/api/virtual-desktop', undefined, headers);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    // What Chrome sends: brotli preferred; gzip for a client without it. Both unpack to the very same bytes.
    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzipped = await get({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(etag);
    // Asking again with the tag: nothing changed, nothing sent.
    const unchanged = await get({ 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    // A changed desktop is a new answer under a new tag, even to a caller naming the old one.
    await addText(user, 'one more');
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Desktop>().items).toHaveLength(21);
    // Another caller's tag is not this caller's answer: the share link's view has tags of its own.
    const { shareToken } = (await testApp.as(user).post('/api/virtual-desktop/share')).json<{ shareToken: string }>();
    const shared = await testApp.as(null).inject('GET', `/api/virtual-desktop/shared/${shareToken}`, undefined, {
      'if-none-match': String(changed.headers.etag),
    });
    expect(shared.statusCode).toBe(200);
  });

  test('a LAN desktop’s blocks expire 24 h after their last change; personal ones never do', async () => {
    const lan = from('192.0.2.55');
    const item = (await lan('POST', '/api/virtual-desktop/items/text', { content: 'old' })).json<DesktopItem>();
    await addText(owner, 'kept');
    const ctx = createDesktopsContext(testApp.context);
    expect(await sweepExpiredLanItems(ctx, new Date(Date.now() - 60_000))).toBe(0);
    const removed = await sweepExpiredLanItems(ctx, new Date(Date.now() + 1000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await lan('GET', '/api/virtual-desktop')).json<Desktop>().items.map((i) => i.id)).not.toContain(item.id);
    expect((await desktopOf(owner)).items.map((i) => i.content)).toContain('kept');
  });

  test('an empty LAN desktop untouched for 24 h is removed; one with blocks, or a personal one, stays', async () => {
    const empty = (await from('192.0.2.77')('GET', '/api/virtual-desktop')).json<Desktop>();
    const used = from('192.0.2.78');
    await used('POST', '/api/virtual-desktop/items/text', { content: 'still here' });
    const usedId = (await used('GET', '/api/virtual-desktop')).json<Desktop>().id;
    const personal = await desktopOf(owner);
    const ctx = createDesktopsContext(testApp.context);
    const exists = async (id: string) =>
      (await testApp.context.db.select({ id: desktops.id }).from(desktops).where(eq(desktops.id, id))).length === 1;
    expect(await sweepIdleLanDesktops(ctx, new Date(Date.now() - 60_000))).toBe(0);
    expect(await exists(empty.id)).toBe(true);
    await sweepIdleLanDesktops(ctx, new Date(Date.now() + 1000));
    expect(await exists(empty.id)).toBe(false);
    expect(await exists(usedId)).toBe(true);
    expect(await exists(personal.id)).toBe(true);
    // The network's next visit gets a fresh, empty desktop.
    const again = (await from('192.0.2.77')('GET', '/api/virtual-desktop')).json<Desktop>();
    expect(again).toMatchObject({ kind: 'lan', items: [] });
    expect(again.id).not.toBe(empty.id);
  });
});
