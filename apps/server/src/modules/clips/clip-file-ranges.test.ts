import { randomBytes } from 'node:crypto';
import { FILE_NAME_HEADER, type Clip, type UploadResult } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';

describe('GET a clip file with Range: one part of it', () => {
  let testApp: TestApp;
  let owner: TestUser;
  const content = randomBytes(200_000);
  let url: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
    const clip: Clip = (await testApp.as(owner).post('/api/clipboard', { content: 'with a file' })).json();
    const upload = await testApp.app.inject({
      method: 'PUT',
      url: `/api/clipboard/${clip.id}/files`,
      payload: content,
      headers: {
        authorization: `Bearer ${owner.tokens.access_token}`,
        'content-type': 'application/octet-stream',
        [FILE_NAME_HEADER]: 'data.bin',
      },
    });
    url = (upload.json() as UploadResult).url;
  });
  afterAll(() => testApp.close());

  const get = (range?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: range === undefined ? {} : { range } });

  test('the first 4 126 bytes answer 206 with their Content-Range, and nothing more is sent', async () => {
    const res = await get('bytes=0-4125');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-4125/${content.length}`);
    expect(res.headers['content-length']).toBe('4126');
    expect(res.rawPayload.equals(content.subarray(0, 4126))).toBe(true);
  });

  test('an open-ended and a suffix range answer the rest and the tail', async () => {
    const rest = await get('bytes=199000-');
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(content.subarray(199_000))).toBe(true);
    const tail = await get('bytes=-10');
    expect(tail.headers['content-range']).toBe(`bytes ${content.length - 10}-${content.length - 1}/${content.length}`);
    expect(tail.rawPayload.equals(content.subarray(-10))).toBe(true);
  });

  test('without a Range, or with one the route does not serve, the whole file answers 200 and says ranges work', async () => {
    for (const range of [undefined, 'bytes=0-1,5-6', `bytes=${content.length}-`]) {
      const res = await get(range);
      expect(res.statusCode).toBe(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(content)).toBe(true);
    }
  });
});
