import type { Readable } from 'node:stream';
import { SHARE_CLAIM_LIFETIME_MS, SHARE_CLAIMS_PER_ADDRESS } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { shareClaims } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createShareClaimsContext } from './share-claims.context';
import { deleteExpiredShareClaims } from './share-claims.service';
import { sealedAccount } from '../../../test/sealed-account';
import { storedFilesIn } from '../../../test/stored-files';

/** A share sheet's form: text fields, then files in the field `files`. */
function shareForm(fields: Record<string, string>, files: { name: string; type: string; content: Buffer }[]) {
  const boundary = `----share${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const twoFiles = [
  { name: 'first.txt', type: 'text/plain', content: Buffer.from('first file') },
  { name: 'photo.jpg', type: 'image/jpeg', content: Buffer.alloc(200_000, 7) },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a share the server keeps when no service worker caught it (docs/security.md#shares-kept-for-a-claim)', () => {
  let testApp: TestApp;
  let address = 0;
  beforeAll(async () => {
    testApp = await buildTestApp({ SHARE_CLAIMS_WAITING_MAX: '6', SHARE_CLAIMS_BYTES_MAX: '1100000' });
  });
  afterAll(() => testApp.close());

  /** Each share from an address of its own unless asked: the per-address limit has its own test. */
  const share = (form: ReturnType<typeof shareForm>, remoteAddress = `198.51.100.${++address}`) =>
    testApp.app.inject({ method: 'POST', url: '/share-target', remoteAddress, ...form });
  const tokenOf = (location: string | undefined) => /^\/share#claim=([\w-]{43})$/.exec(location ?? '')?.[1] ?? '';
  const keep = async (fields: Record<string, string> = { text: 'hello' }, files = twoFiles) => {
    const res = await share(shareForm(fields, files));
    expect(res.statusCode).toBe(303);
    return tokenOf(res.headers.location);
  };
  const emptyWaiting = () => testApp.context.db.delete(shareClaims);

  test('text and two files are kept under a claim link in the fragment, shown to whoever holds it', async () => {
    const res = await share(
      shareForm({ title: 'Page', text: 'Look at https://e.com', url: 'https://e.com' }, twoFiles),
      '203.0.113.77',
    );
    expect(res.statusCode).toBe(303);
    const token = tokenOf(res.headers.location);
    expect(token).not.toBe('');

    const shown = await testApp.as(null).get(`/api/share-claims/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      // As the service worker composes it (shareContent): the link inside the text is not repeated.
      content: 'Page\nLook at https://e.com',
      files: [
        { name: 'first.txt', size: 10, type: 'text/plain' },
        { name: 'photo.jpg', size: 200_000, type: 'image/jpeg' },
      ],
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(shown.json<{ expiresAt: string }>().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(SHARE_CLAIM_LIFETIME_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SHARE_CLAIM_LIFETIME_MS);
    // Only its hash is stored, and nothing of the sender: its address counts toward a limit, in memory.
    const rows = rowsOf(await testApp.context.db.execute(sql`select * from share_claims`));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');
    await emptyWaiting();
  });

  test("another site's post does not replace a share waiting for its claim: each keeps its own link", async () => {
    const post = (text: string, origin: string) => {
      const { payload, headers } = shareForm({ text }, []);
      return testApp.app.inject({
        method: 'POST',
        url: '/share-target',
        remoteAddress: '198.51.100.250',
        payload,
        headers: { ...headers, origin },
      });
    };
    const mine = tokenOf((await post('mine', 'null')).headers.location);
    const theirs = tokenOf((await post('from a site', 'https://news.example')).headers.location);
    expect(mine).not.toBe(theirs);
    expect((await testApp.as(null).get(`/api/share-claims/${mine}`)).json()).toMatchObject({ content: 'mine' });
    expect((await testApp.as(null).get(`/api/share-claims/${theirs}`)).json()).toMatchObject({
      content: 'from a site',
    });
    await emptyWaiting();
  });

  test('a signed-in claim makes one clip holding the text and files; a second claim finds nothing', async () => {
    const owner = await testApp.factory.user();
    const token = await keep({ text: 'Shared from my phone', url: 'https://example.com/page' });
    const claimed = await testApp.as(owner).post(`/api/share-claims/${token}/claim`);
    expect(claimed.statusCode).toBe(201);
    const { clipId } = claimed.json<{ clipId: string }>();

    const clip = await testApp.as(owner).get(`/api/clipboard/${clipId}`);
    expect(clip.json()).toMatchObject({
      content: 'Shared from my phone\nhttps://example.com/page',
      files: [{ name: 'first.txt' }, { name: 'photo.jpg' }],
    });
    // The clip's file is the share's stored bytes, not a copy.
    const file = clip.json<{ files: { url: string }[] }>().files[0];
    const download = await testApp.as(owner).get(file?.url ?? '');
    expect(download.body).toBe('first file');

    expect((await testApp.as(owner).post(`/api/share-claims/${token}/claim`)).statusCode).toBe(404);
    expect((await testApp.as(null).get(`/api/share-claims/${token}`)).statusCode).toBe(404);
  });

  test('an account whose clipboard is encrypted end to end claims nothing: 409 CLIPBOARD_SEALED, and the share is deleted with its files', async () => {
    const device = await sealedAccount(testApp);
    const filesBefore = (await storedFilesIn(testApp.config.dataDir)).kept;
    const token = await keep({ text: 'shared in clear before anyone knew whose it was' });
    expect((await storedFilesIn(testApp.config.dataDir)).kept).toHaveLength(filesBefore.length + twoFiles.length);

    const refused = await testApp.as(device.user).post(`/api/share-claims/${token}/claim`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLIPBOARD_SEALED', error: expect.stringContaining('in the app') });
    expect((await testApp.as(device.user).get('/api/clipboard/history')).json()).toEqual([]);
    // Not left waiting in clear for its 15 minutes: the share and its stored files are gone now.
    expect((await testApp.as(null).get(`/api/share-claims/${token}`)).statusCode).toBe(404);
    expect((await storedFilesIn(testApp.config.dataDir)).kept).toEqual(filesBefore);
  });

  test('two racing claims make one clip', async () => {
    const users = [await testApp.factory.user(), await testApp.factory.user()];
    const token = await keep();
    const answers = await Promise.all(users.map((user) => testApp.as(user).post(`/api/share-claims/${token}/claim`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 404]);
  });

  test('claiming needs a signed-in caller, and a token with clips:write', async () => {
    const owner = await testApp.factory.user();
    const token = await keep();
    expect((await testApp.as(null).post(`/api/share-claims/${token}/claim`)).statusCode).toBe(401);
    const readOnly = await testApp.factory.token({ owner, name: 'reader', scopes: ['clips:read'] });
    const refused = await testApp.as(readOnly.caller).post(`/api/share-claims/${token}/claim`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    // Still waiting for a caller who may.
    expect((await testApp.as(owner).post(`/api/share-claims/${token}/claim`)).statusCode).toBe(201);
  });

  test('a claim over the storage quota is refused and the share still waits', async () => {
    const small = await buildTestApp({ STORAGE_QUOTA_BYTES: '1000' });
    try {
      const owner = await small.factory.user();
      const res = await small.app.inject({
        method: 'POST',
        url: '/share-target',
        ...shareForm({ text: 'x' }, twoFiles),
      });
      const token = tokenOf(res.headers.location);
      const refused = await small.as(owner).post(`/api/share-claims/${token}/claim`);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect((await small.as(null).get(`/api/share-claims/${token}`)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  test('discard drops the share and its files at once', async () => {
    const token = await keep();
    const [row] = await testApp.context.db.select().from(shareClaims);
    expect((await testApp.as(null).delete(`/api/share-claims/${token}`)).statusCode).toBe(204);
    expect((await testApp.as(null).get(`/api/share-claims/${token}`)).statusCode).toBe(404);
    for (const file of row?.files ?? []) await expect(testApp.context.files.get(file.storageKey)).rejects.toThrow();
  });

  test('an expired share is the same 404, and the job deletes it and its files', async () => {
    const token = await keep();
    const [row] = await testApp.context.db.select().from(shareClaims);
    const keys = row?.files.map((file) => file.storageKey) ?? [];
    expect(keys).toHaveLength(2);
    expect(await readAll(await testApp.context.files.get(keys[0]!))).toEqual(Buffer.from('first file'));

    const later = new Date(Date.now() + SHARE_CLAIM_LIFETIME_MS + 1000);
    const ctx = createShareClaimsContext(testApp.context);
    expect(await deleteExpiredShareClaims(ctx, new Date())).toBe(0);
    expect(await deleteExpiredShareClaims(ctx, later)).toBe(1);
    expect((await testApp.as(null).get(`/api/share-claims/${token}`)).statusCode).toBe(404);
    expect(await testApp.context.db.select().from(shareClaims)).toEqual([]);
    for (const key of keys) await expect(testApp.context.files.get(key)).rejects.toThrow();
    expect((await testApp.as(null).get(`/api/share-claims/${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  test(`one address keeps ${SHARE_CLAIMS_PER_ADDRESS} shares per window; then it is told the share did not arrive`, async () => {
    const form = () => shareForm({ text: 'again' }, []);
    for (let i = 0; i < SHARE_CLAIMS_PER_ADDRESS; i += 1) {
      // The same IPv6 /64, whatever address in it.
      const res = await share(form(), `2001:db8:1:2::${i + 1}`);
      expect(res.headers.location, String(i)).toMatch(/^\/share#claim=/);
      await emptyWaiting();
    }
    const refused = await share(form(), '2001:db8:1:2:ffff::9');
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/share?not-received=rate-limited');
    expect(await testApp.context.db.select().from(shareClaims)).toEqual([]);
    expect((await share(form(), '2001:db8:1:3::1')).headers.location).toMatch(/^\/share#claim=/);
    await emptyWaiting();
  });

  test('past the caps on what waits (count and bytes) nothing more is kept', async () => {
    // SHARE_CLAIMS_BYTES_MAX is 1 100 000 here: after five shares of 200 000 bytes a sixth does not fit.
    for (let i = 0; i < 5; i += 1) await keep({ text: 'big' }, [twoFiles[1]!]);
    const over = await share(shareForm({ text: 'one more' }, [twoFiles[1]!]));
    expect(over.headers.location).toBe('/share?not-received=busy');
    expect(await testApp.context.db.select().from(shareClaims)).toHaveLength(5);
    // SHARE_CLAIMS_WAITING_MAX is 6: one text share fits, the next does not.
    await keep({ text: 'small' }, []);
    expect((await share(shareForm({ text: 'small' }, []))).headers.location).toBe('/share?not-received=busy');
    await emptyWaiting();
  });

  test.each(['title', 'text', 'url'])(
    'a NUL in its %s field is refused as not received, as every string is, not a 500',
    async (field) => {
      const res = await share(shareForm({ text: 'kept?', [field]: 'a\0b' }, twoFiles));
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/share?not-received=malformed');
      expect(await testApp.context.db.select().from(shareClaims)).toEqual([]);
    },
  );

  test('a file over 10 MB, or a sixth file, keeps nothing of the share; a sixth file is named as the reason', async () => {
    const roomy = await buildTestApp();
    try {
      const huge = { name: 'huge.bin', type: 'application/octet-stream', content: Buffer.alloc(10_485_761) };
      const form = shareForm({ text: 'too big' }, [twoFiles[0]!, huge]);
      const res = await roomy.app.inject({ method: 'POST', url: '/share-target', ...form });
      expect(res.headers.location).toBe('/share?not-received=too-large');
      expect(await roomy.context.db.select().from(shareClaims)).toEqual([]);
      const tooMany = Array.from({ length: 6 }, (_, i) => ({ ...twoFiles[0]!, name: `f${i}.txt` }));
      const many = await roomy.app.inject({ method: 'POST', url: '/share-target', ...shareForm({}, tooMany) });
      expect(many.headers.location).toBe('/share?not-received=too-many-files');
      expect(await roomy.context.db.select().from(shareClaims)).toEqual([]);
    } finally {
      await roomy.close();
    }
  });
});
