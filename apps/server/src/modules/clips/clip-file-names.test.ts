import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';

/** A browser's multipart part: the name as raw UTF-8 inside quotes (what `multipartFile` writes). */
const asBrowserSends = (name: string, type: string, content: Buffer) => multipartFile('file', name, type, content);

/** The RFC 5987 form, for names a quoted parameter cannot carry (quotes, backslashes, line breaks). */
function asExtendedParameter(name: string, type: string, content: Buffer) {
  const boundary = `----clipsync${Math.random().toString(16).slice(2)}`;
  const disposition = `form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`);
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const RFC5987_VALUE = /^UTF-8''(%[0-9A-F]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*$/;

/** The `filename*` and quoted `filename` of a Content-Disposition header, `filename*` decoded. */
function parseDisposition(header: unknown): { extended: string; encoded: string; fallback: string } {
  const value = String(header);
  const encoded = /; filename\*=(\S+)$/.exec(value)?.[1] ?? '';
  const fallback = /; filename="([^"]*)";/.exec(value)?.[1] ?? '';
  return { extended: decodeURIComponent(encoded.replace(/^UTF-8''/, '')), encoded, fallback };
}

describe('file names survive upload and download', () => {
  let testApp: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  /** Into a clip of its own each time, so the files-per-clip cap never interferes. */
  async function upload(body: ReturnType<typeof multipartFile>) {
    const headers = { authorization: `Bearer ${owner.tokens.access_token}` };
    const clip = await testApp.app.inject({
      method: 'POST',
      url: '/api/clipboard',
      payload: { content: 'names' },
      headers,
    });
    return testApp.app.inject({
      method: 'POST',
      url: `/api/clipboard/${clip.json().id}/files`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }

  /** Uploads, checks the stored name, downloads from the answered `url` and returns the download. */
  async function roundTrip(body: ReturnType<typeof multipartFile>, storedName: string, content: Buffer) {
    const uploaded = await upload(body);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().file.name).toBe(storedName);
    const download = await testApp.app.inject({ method: 'GET', url: uploaded.json().url });
    expect(download.statusCode, `download of ${storedName}`).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    const disposition = parseDisposition(download.headers['content-disposition']);
    expect(disposition.encoded).toMatch(RFC5987_VALUE);
    expect(disposition.extended).toBe(storedName);
    expect(disposition.fallback).toMatch(/^[\x20-\x7e]*$/);
    expect(disposition.fallback).not.toMatch(/["\\%]/);
    return download;
  }

  // The router refused (414) path parameters over 100 decoded characters until app.ts raised its limit:
  // every name over 100 UTF-16 units here failed to download before.
  test.each([
    ['255 ASCII characters', `${'a'.repeat(251)}.txt`],
    ['40 Cyrillic characters', `${'я'.repeat(36)}.txt`],
    ['255 Cyrillic characters', `${'Ж'.repeat(251)}.txt`],
    ['Chinese', '季度报告（最终版）第二部分附件清单.pdf'],
    ['255 Chinese characters (the longest URL a name makes)', `${'报'.repeat(251)}.pdf`],
    ['emoji (surrogate pairs)', '🎉 party 👨‍👩‍👧.png'],
    ['159 units of emoji', `${'📸'.repeat(70)} party 👨‍👩‍👧.png`],
  ])('%s: downloads from the URL the upload answered', async (_label, name) => {
    const content = Buffer.from(`content of ${name}`);
    await roundTrip(asBrowserSends(name, 'text/plain', content), name, content);
  });

  test.each([
    ['quotes', '"a".txt', '"a".txt'],
    ['apostrophe', "it's.txt", "it's.txt"],
    ['parentheses', 'report (1).pdf', 'report (1).pdf'],
    ['asterisk', '*', '*'],
    ['percent and semicolon', '100%; x=1.txt', '100%; x=1.txt'],
    // Kept, the override would show the name as "exe.jpg" in every client.
    ['right-to-left override', '\u202Egpj.exe', '\uFFFDgpj.exe'],
    // The multipart parser keeps only the last path segment of a name.
    ['a relative path', '../../etc/passwd', 'passwd'],
    ['a Windows path', '..\\win.ini', 'win.ini'],
  ])('%s: filename* is valid RFC 5987 and decodes to the stored name', async (_label, name, storedName) => {
    const content = Buffer.from('x');
    await roundTrip(asExtendedParameter(name, 'text/plain', content), storedName, content);
  });

  test('a name with a line break never reaches storage', async () => {
    const res = await upload(asExtendedParameter('a\r\nSet-Cookie: x=1.txt', 'text/plain', Buffer.from('x')));
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('a control character the parser lets through (a terminal escape, a tab) is stored as �', async () => {
    const content = Buffer.from('escaped');
    await roundTrip(asBrowserSends('a\u001b[31mred\tname.txt', 'text/plain', content), 'a�[31mred�name.txt', content);
  });

  test('long names are cut to 255 UTF-16 units without splitting a surrogate pair', async () => {
    const content = Buffer.from('cut');
    await roundTrip(asBrowserSends('b'.repeat(300), 'text/plain', content), 'b'.repeat(255), content);
    // 128 emoji are 256 units: cutting at 255 would leave half of the last one.
    await roundTrip(asBrowserSends('😀'.repeat(128), 'text/plain', content), '😀'.repeat(127), content);
    await roundTrip(asBrowserSends(`a${'😀'.repeat(127)}`, 'text/plain', content), `a${'😀'.repeat(127)}`, content);
  });

  test('an empty name is stored as "file"', async () => {
    const content = Buffer.from('nameless');
    await roundTrip(asBrowserSends('', 'text/plain', content), 'file', content);
  });

  test.each([
    ['Text/Plain', 'text/plain'],
    ['image/svg+xml', 'image/svg+xml'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['text/plain,text/html', 'application/octet-stream'],
    ['<script>', 'application/octet-stream'],
    ['text', 'application/octet-stream'],
    [`text/${'x'.repeat(300)}`, 'application/octet-stream'],
  ])('the declared type %j is stored as %j', async (declared, stored) => {
    const res = await upload(asBrowserSends('typed.bin', declared, Buffer.from('t')));
    expect(res.statusCode).toBe(201);
    expect(res.json().file.type).toBe(stored);
  });
});
