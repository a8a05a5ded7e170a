import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE, type Clip } from '@clipsync/shared';
import { ShareKey, decryptText } from '@clipsync/shared/crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

const UNDECRYPTABLE = 'This link is incomplete or the password is wrong';

describe('clipsync push --e2e, share --e2e and pull of an encrypted link against a real server', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  /** `…/clips/{id}#k=…` as printed: the id, the fragment. */
  const linkParts = (output: string) => {
    const match = /\/clips\/([A-Za-z0-9_-]{22})#(k=[A-Za-z0-9_-]{43})\n/.exec(output);
    if (!match) throw new Error(`no encrypted link in ${JSON.stringify(output)}`);
    return { id: match[1]!, fragment: match[2]! };
  };
  const clipOnServer = async (id: string) => (await h.testApp.as(user).get(`/api/clipboard/${id}`)).json<Clip>();
  const storedBytes = async (url: string) => (await h.testApp.as(user).get(url)).rawPayload;
  const fileIn = async (name: string, content: string | Buffer) => {
    const path = join(h.home, name);
    await writeFile(path, content);
    return path;
  };
  const freshFolder = async (name: string) => {
    const path = join(h.home, name);
    await mkdir(path, { recursive: true });
    return path;
  };

  test('push --e2e of a text and two files, then pull of the link: the same text, names and bytes; the server holds none of them', async () => {
    const photo = randomBytes(200_000); // four content records
    const photoPath = await fileIn('urlaub-strand.jpg', photo);
    const notesPath = await fileIn('geheime Notizen.txt', 'nur für dich\n');
    const text = 'the door code is 4711 — Grüße';
    const pushed = await h.cli(['push', '--e2e', '-t', text, photoPath, notesPath], { env, stderrIsTTY: true });
    expect(pushed.code, pushed.stderr).toBe(0);
    // Progress names the file for the person at the terminal; the server is told another name.
    expect(pushed.stderr).toContain('Uploading urlaub-strand.jpg: 100%');
    const { id, fragment } = linkParts(pushed.stdout);
    expect(pushed.stdout).toBe(`${h.server}/clips/${id}#${fragment}\n`);

    const stored = await clipOnServer(id);
    expect(stored.encrypted).toBe(true);
    expect(stored.content).not.toContain('4711');
    expect(stored.content).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(stored.files.map((file) => [file.name, file.type])).toEqual([
      [ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE],
      [ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE],
    ]);
    for (const file of stored.files) {
      const bytes = await storedBytes(file.url);
      expect(bytes.length).toBe(file.size);
      expect(bytes.includes(Buffer.from('urlaub'))).toBe(false);
      expect(bytes.includes(Buffer.from('nur für dich'))).toBe(false);
      expect(bytes.includes(photo.subarray(0, 64))).toBe(false);
    }

    const out = await freshFolder('sealed-pulled');
    const pulled = await h.cli(['pull', `${h.server}/clips/${id}#${fragment}`, '--files', out], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe(text);
    expect((await readdir(out)).sort()).toEqual(['geheime Notizen.txt', 'urlaub-strand.jpg']);
    expect((await readFile(join(out, 'urlaub-strand.jpg'))).equals(photo)).toBe(true);
    expect(await readFile(join(out, 'geheime Notizen.txt'), 'utf8')).toBe('nur für dich\n');

    // By id and --key (with or without `k=`), into the same folder: the copies take free names beside.
    const byKey = await h.cli(['pull', id, '--key', fragment.slice(2), '--files', out, '--json'], { env });
    expect(byKey.code, byKey.stderr).toBe(0);
    const answer = JSON.parse(byKey.stdout) as { content: string; encrypted: boolean; saved: Array<{ name: string }> };
    expect(answer).toMatchObject({ id, content: text, encrypted: true });
    expect(answer.saved.map((file) => file.name)).toEqual(['urlaub-strand.jpg', 'geheime Notizen.txt']);
    expect((await readdir(out)).sort()).toEqual([
      'geheime Notizen (1).txt',
      'geheime Notizen.txt',
      'urlaub-strand (1).jpg',
      'urlaub-strand.jpg',
    ]);
  });

  test('push --e2e --json answers {id, url, encrypted}; text from stdin; ls shows [encrypted], never the envelope', async () => {
    const lister = await h.testApp.factory.user();
    const listerEnv = await h.envOf(lister);
    const pushed = await h.cli(['push', '--e2e', '--json', await fileIn('a.txt', 'a')], {
      env: listerEnv,
      stdin: 'piped secret\n',
    });
    expect(pushed.code, pushed.stderr).toBe(0);
    const answer = JSON.parse(pushed.stdout) as { id: string; url: string; encrypted: boolean };
    expect(Object.keys(answer).sort()).toEqual(['encrypted', 'id', 'url']);
    expect(answer.encrypted).toBe(true);
    expect(answer.url).toMatch(new RegExp(`^${h.server}/clips/${answer.id}#k=[A-Za-z0-9_-]{43}$`));
    expect((await h.cli(['pull', answer.url], { env: listerEnv })).stdout).toBe('piped secret\n');

    const stored = await (await h.testApp.as(lister).get(`/api/clipboard/${answer.id}`)).json<Clip>();
    const table = await h.cli(['ls'], { env: listerEnv });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^[A-Za-z0-9_-]{22}\s+just now\s+\[encrypted\]\s+1 encrypted file$/m);
    expect(table.stdout).not.toContain(stored.content.slice(0, 20));
  });

  test('no key, a cut key, a wrong password: the one message, exit 1, nothing on stdout and no file left', async () => {
    const pushed = await h.cli(
      ['push', '--e2e', '--password=correct horse', '-t', 'guarded', await fileIn('g.txt', 'g')],
      {
        env,
      },
    );
    expect(pushed.code, pushed.stderr).toBe(0);
    const { id, fragment } = linkParts(pushed.stdout);
    const out = await freshFolder('sealed-refused');
    for (const [args, why] of [
      [['pull', id], 'no key'],
      [['pull'], 'the latest clip, no key'],
      [['pull', `${h.server}/clips/${id}#${fragment.slice(0, -3)}`, '--password=correct horse'], 'a cut key'],
      [['pull', `${h.server}/clips/${id}#${fragment}`, '--password=wrong horse', '--files', out], 'a wrong password'],
      [['pull', `${h.server}/clips/${id}#${fragment}`, '--files', out], 'no password (stdin is not a terminal)'],
    ] as const) {
      const result = await h.cli([...args], { env, stdin: '' });
      expect(result.code, why).toBe(1);
      expect(result.stderr, why).toContain(`clipsync: ${UNDECRYPTABLE}`);
      expect(result.stdout, why).toBe('');
    }
    expect(await readdir(out)).toEqual([]);
    const asJson = await h.cli(['pull', id, '--json'], { env });
    expect(JSON.parse(asJson.stderr)).toEqual({ error: UNDECRYPTABLE, code: 'DECRYPT_FAILED' });

    const right = await h.cli(['pull', `${h.server}/clips/${id}#${fragment}`, '--password', '--files', out], {
      env,
      typed: 'correct horse\r',
    });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toBe('guarded');
    expect(right.stderr).toContain('Password of the link: \n');
    expect(await readFile(join(out, 'g.txt'), 'utf8')).toBe('g');
  });

  test('a sealed file cut short on the server is refused whole: no partial file appears', async () => {
    const pushed = await h.cli(['push', '--e2e', '-t', 'with a file', await fileIn('big.bin', randomBytes(150_000))], {
      env,
    });
    const { id, fragment } = linkParts(pushed.stdout);
    const [file] = (await clipOnServer(id)).files;
    const sealed = await storedBytes(file!.url);
    // Another clip of the same key, with its file cut at a record boundary (the last record dropped).
    const cut = await h.testApp.as(user).post('/api/clipboard', {
      content: (await clipOnServer(id)).content,
      encrypted: true,
    });
    const cutId = cut.json<Clip>().id;
    await uploadSealed(cutId, sealed.subarray(0, 4126 + 2 * (65_536 + 16)));
    const out = await freshFolder('sealed-cut');
    const pulled = await h.cli(['pull', cutId, '--key', fragment, '--files', out], { env });
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain(UNDECRYPTABLE);
    expect(await readdir(out)).toEqual([]);
  });

  test('share --e2e --views 1: a new encrypted clip whose link burns after one view; the password stays off the server', async () => {
    const shared = await h.cli(
      ['share', '--e2e', '--views', '1', '--password=sesame', '--text', 'one look only', '--no-qr'],
      {
        env,
      },
    );
    expect(shared.code, shared.stderr).toBe(0);
    expect(shared.stderr).toContain(
      '1 of 1 views left · needs the password it was encrypted with · the clip stays when the link ends.',
    );
    expect(shared.stderr).not.toContain('sesame');
    const { id: linkId, fragment } = linkParts(shared.stdout);
    const owners = await clipOnServer(linkId);
    expect(owners.encrypted).toBe(true);
    expect(owners.share).toMatchObject({ maxViews: 1, hasPassword: false, linkId });

    // The owner pulls by the link without spending the view.
    const own = await h.cli(['pull', `${h.server}/clips/${linkId}#${fragment}`, '--password=sesame'], { env });
    expect(own.stdout, own.stderr).toBe('one look only');
    // The recipient's browser spends it, gets only the envelope, and opens it with the link's key.
    const opened = await h.testApp.as(null).post(`/api/clipboard/${linkId}/open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const envelope = opened.json<{ clip: Clip }>().clip.content;
    expect(await decryptText(envelope, ShareKey.fromFragment(fragment, { password: 'sesame' }))).toBe('one look only');
    expect((await h.testApp.as(null).post(`/api/clipboard/${linkId}/open`, {})).statusCode).toBe(404);

    const asJson = await h.cli(['share', '--e2e', '--expires', '1h', '-t', 'x', '--json'], { env });
    expect(Object.keys(JSON.parse(asJson.stdout) as object).sort()).toEqual(['encrypted', 'id', 'share', 'url']);
  });

  test('share --e2e with a clip id is refused (exit 2): an existing clip cannot be encrypted after the fact', async () => {
    const plain = await h.testApp.as(user).post('/api/clipboard', { content: 'already on the server' });
    const id = plain.json<Clip>().id;
    const result = await h.cli(['share', id, '--e2e', '--views', '1'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot be encrypted after the fact');
    expect((await clipOnServer(id)).share).toBeUndefined();
    for (const args of [
      ['share', '--e2e', '--stop'],
      ['share', id, '--text', 'x'],
      ['push', '--password=x', '-t', 'x'],
    ]) {
      expect((await h.cli(args, { env })).code, args.join(' ')).toBe(2);
    }
    expect((await h.cli(['push', '--help'])).stdout).toContain('--e2e');
    expect((await h.cli(['share', '--help'])).stdout).toContain('the server never sees it');
  });

  /** Uploads bytes as a browser uploads a sealed file: under the placeholder name and type. */
  async function uploadSealed(clipId: string, bytes: Uint8Array) {
    const upload = await h.testApp.as(user).inject('PUT', `/api/clipboard/${clipId}/files`, Buffer.from(bytes), {
      'content-type': 'application/octet-stream',
      'x-file-name': ENCRYPTED_FILE_NAME,
      'x-file-type': ENCRYPTED_FILE_TYPE,
    });
    expect(upload.statusCode, upload.body).toBe(201);
  }

  describe('pull reads the documented format: the shared test vectors, served from a clip', () => {
    interface TextVector {
      name: string;
      password: string | null;
      plaintext: string;
      fragment: string;
      envelope: string;
    }
    interface FileVector {
      name: string;
      password: string | null;
      fragment: string;
      metadata: { name: string; type: string };
      content: { hex?: string };
      ciphertext?: string;
    }
    let vectors: { text: TextVector[]; files: FileVector[] };
    beforeAll(async () => {
      const path = new URL('../../shared/src/crypto/test-vectors.json', import.meta.url);
      vectors = JSON.parse(await readFile(path, 'utf8')) as typeof vectors;
    });

    // Pairs sealed with one key, password and salt, as one share's text and file are.
    test.each([
      ['ASCII text', 'empty file'],
      ['non-ASCII text with a password', 'small file with a password'],
    ])('%s with %s', async (textName, fileName) => {
      const text = vectors.text.find((vector) => vector.name === textName)!;
      const file = vectors.files.find((vector) => vector.name === fileName)!;
      expect(file.fragment).toBe(text.fragment);
      const created = await h.testApp.as(user).post('/api/clipboard', { content: text.envelope, encrypted: true });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<Clip>().id;
      await uploadSealed(id, Buffer.from(file.ciphertext!, 'base64url'));

      const out = await freshFolder(`vectors-${fileName.replaceAll(' ', '-')}`);
      const password = text.password === null ? [] : [`--password=${text.password}`];
      const pulled = await h.cli(['pull', `${h.server}/clips/${id}#${text.fragment}`, ...password, '--files', out], {
        env,
      });
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(pulled.stdoutBytes.equals(Buffer.from(text.plaintext, 'utf8'))).toBe(true);
      expect(await readdir(out)).toEqual([file.metadata.name]);
      expect((await readFile(join(out, file.metadata.name))).toString('hex')).toBe(file.content.hex);
    });
  });
});
