import { DESKTOP_ITEMS_MAX, ITEM_TEXT_MAX_BYTES, type Desktop } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { desktopItems } from '../../db/schema';
import { createDesktopsContext } from './desktop.context';
import { addText } from './desktop.service';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const KIB = 1024;
/** A small quota: three full text blocks fit, a fourth does not. */
const QUOTA_BYTES = 200 * KIB;
/** "é" is two bytes in UTF-8 but one unit in JavaScript: the limit is on stored bytes. */
const TWO_BYTE_CHAR = 'é';

describe('desktop text is bounded', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let networks = 0;
  /** A signed-out caller from an address of its own: each test gets its own LAN desktop. */
  const newNetwork = () => `203.0.113.${++networks}`;
  const from = (remoteAddress: string) => (method: InjectOptions['method'], url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, remoteAddress });
  const addLanText = (address: string, content: string) =>
    from(address)('POST', '/api/virtual-desktop/items/text', { content });
  const lanDesktopOf = async (address: string) => (await from(address)('GET', '/api/virtual-desktop')).json<Desktop>();
  /** Blocks put straight into the database: the API would take as long as the test has. */
  const fillWithText = async (desktopId: string, blocks: number, bytesEach: number) => {
    await testApp.context.db.execute(sql`
      insert into desktop_items (id, desktop_id, type, content, x, y, width, height)
      select 'filler' || lpad(n::text, 16, '0'), ${desktopId}, 'text', repeat(chr(97 + n % 26), ${bytesEach}),
             0, 0, 200, 150
        from generate_series(1, ${blocks}) as n`);
  };
  const itemsOn = async (desktopId: string) =>
    (await testApp.context.db.select().from(desktopItems).where(eq(desktopItems.desktopId, desktopId))).length;

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA_BYTES), RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await testApp.factory.user();
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('1M characters to the LAN desktop are refused (400 with the limit), and nothing is stored', async () => {
    const home = newNetwork();
    const refused = await addLanText(home, 'x'.repeat(1_000_000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('64KB') });
    expect((await lanDesktopOf(home)).items).toEqual([]);
  });

  test('a block holds 64 KiB of UTF-8: counted in bytes, not characters', async () => {
    const home = newNetwork();
    expect((await addLanText(home, 'x'.repeat(ITEM_TEXT_MAX_BYTES))).statusCode).toBe(201);
    expect((await addLanText(home, 'x'.repeat(ITEM_TEXT_MAX_BYTES + 1))).statusCode).toBe(400);
    // Half as many characters as the limit allows bytes, plus one: one byte over.
    const overByOne = await addLanText(home, TWO_BYTE_CHAR.repeat(ITEM_TEXT_MAX_BYTES / 2) + 'x');
    expect(overByOne.statusCode).toBe(400);
    expect(overByOne.json().code).toBe('VALIDATION_FAILED');
    expect(
      (
        await testApp
          .as(owner)
          .post('/api/virtual-desktop/items/text', { content: 'x'.repeat(ITEM_TEXT_MAX_BYTES + 1) })
      ).statusCode,
    ).toBe(400);
  });

  test('text counts toward a LAN desktop’s own quota: once full, the next block is a 413', async () => {
    const home = newNetwork();
    const block = 'x'.repeat(ITEM_TEXT_MAX_BYTES);
    for (let i = 0; i < 3; i++) expect((await addLanText(home, block)).statusCode).toBe(201);
    const refused = await addLanText(home, block);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', error: expect.stringContaining('200KB') });
    expect((await lanDesktopOf(home)).items).toHaveLength(3);
    // What still fits goes in.
    expect((await addLanText(home, 'x'.repeat(QUOTA_BYTES - 3 * ITEM_TEXT_MAX_BYTES))).statusCode).toBe(201);
    expect((await addLanText(home, 'x')).statusCode).toBe(413);
  });

  test('text on a personal desktop counts toward its owner’s quota, with their clips', async () => {
    const user = await testApp.factory.user();
    const clip = await testApp
      .as(user)
      .post('/api/clipboard', { content: 'x'.repeat(QUOTA_BYTES - ITEM_TEXT_MAX_BYTES) });
    expect(clip.statusCode).toBe(201);
    const add = (content: string) => testApp.as(user).post('/api/virtual-desktop/items/text', { content });
    expect((await add('x'.repeat(ITEM_TEXT_MAX_BYTES))).statusCode).toBe(201);
    const refused = await add('x');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
  });

  test(`20 parallel adds to a desktop of ${DESKTOP_ITEMS_MAX - 1} blocks end with exactly ${DESKTOP_ITEMS_MAX}`, async () => {
    const home = newNetwork();
    const { id } = await lanDesktopOf(home);
    await fillWithText(id, DESKTOP_ITEMS_MAX - 1, 1);
    // Straight to the service, so that the 20 adds reach the database together: over HTTP, PGlite's one
    // connection lets each request through nearly alone.
    const desktopsContext = createDesktopsContext(testApp.context);
    const caller = { actor: null, networkAddress: home };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        addText(desktopsContext, caller, {
          content: `parallel ${i}`,
          position: { x: 0, y: 0 },
          size: { width: 200, height: 150 },
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'CONFLICT' });
    }
    expect(await itemsOn(id)).toBe(DESKTOP_ITEMS_MAX);
  });
});

describe('the largest desktop allowed', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  /** Generous (a loaded CI worker is slow): it says the server is not blocked while five clients read, not how fast. */
  const HEALTH_WITHIN_MS = 10_000;

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await testApp.factory.user();
    baseUrl = await testApp.listen();
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test(
    '/api/health answers while 5 clients fetch a desktop of 500 full text blocks',
    async () => {
      const auth = { authorization: `Bearer ${owner.tokens.access_token}` };
      const block = 'x'.repeat(ITEM_TEXT_MAX_BYTES);
      // The largest block the API takes; one byte more is refused, so this desktop is the largest there is.
      const add = (content: string) => testApp.as(owner).post('/api/virtual-desktop/items/text', { content });
      expect((await add(`${block}x`)).statusCode).toBe(400);
      expect((await add(block)).statusCode).toBe(201);
      const { id } = (await testApp.as(owner).get('/api/virtual-desktop')).json<Desktop>();
      await testApp.context.db.execute(sql`
        insert into desktop_items (id, desktop_id, type, content, x, y, width, height)
        select 'filler' || lpad(n::text, 16, '0'), ${id}, 'text', repeat(chr(97 + n % 26), ${ITEM_TEXT_MAX_BYTES}),
               0, 0, 200, 150
          from generate_series(1, ${DESKTOP_ITEMS_MAX - 1}) as n`);

      const fetches = Array.from({ length: 5 }, async () => {
        const res = await fetch(`${baseUrl}/api/virtual-desktop`, {
          headers: { ...auth, 'accept-encoding': 'gzip, br' },
        });
        return { status: res.status, bytes: (await res.text()).length };
      });
      // Asked once the fetches are under way.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const health = await fetch(`${baseUrl}/api/health`);
      const healthMs = performance.now() - started;
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(HEALTH_WITHIN_MS);

      const answers = await Promise.all(fetches);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.bytes).toBeGreaterThan(DESKTOP_ITEMS_MAX * ITEM_TEXT_MAX_BYTES);
        expect(answer.bytes).toBeLessThan(DESKTOP_ITEMS_MAX * (ITEM_TEXT_MAX_BYTES + 1024));
      }
    },
    SEED_TIMEOUT_MS,
  );
});
