import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { TestUser } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { startS3Server, type TestS3Server } from '../../test/s3-server';

describe('the app with S3_BUCKET set keeps files in the bucket (s3rver)', () => {
  let s3: TestS3Server;
  let testApp: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server();
    testApp = await buildTestApp(s3.env);
    owner = await testApp.factory.user();
  });
  afterAll(async () => {
    await testApp.close();
    await s3.close();
  });

  const upload = (clipId: string, content: Buffer) => {
    const body = multipartFile('file', 'photo.bin', 'application/octet-stream', content);
    return testApp.as(owner).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  };

  test('a clip file is uploaded into the bucket, downloads byte for byte, and goes with its clip', async () => {
    expect(testApp.context.files.kind).toBe('s3');
    const clip = await testApp.factory.clip({ owner, content: 'with a file in S3' });
    // Over one 5 MiB part: a multipart upload.
    const bytes = randomBytes(6 * 1024 * 1024);
    const uploaded = await upload(clip.id, bytes);
    expect(uploaded.statusCode).toBe(201);
    expect((await s3.contents()).objects).toHaveLength(1);

    const download = await testApp.as(null).inject('GET', uploaded.json().file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(bytes.length);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    expect((await testApp.as(owner).inject('DELETE', `/api/clipboard/${clip.id}`)).statusCode).toBe(204);
    expect(await s3.contents()).toEqual({ objects: [], uploads: [] });
  });

  test('a file past 10 MB is a 413 and leaves neither an object nor parts in the bucket', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'too large for S3 too' });
    const tooLarge = await upload(clip.id, Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await s3.contents()).toEqual({ objects: [], uploads: [] });
  });

  test('the raw-body PUT streams into the bucket too; past 10 MB without a length it leaves nothing', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'raw body into S3' });
    const headers = { 'content-type': 'application/octet-stream', 'x-file-name': 'raw.bin' };
    const bytes = randomBytes(6 * 1024 * 1024);
    const uploaded = await testApp.as(owner).inject('PUT', `/api/clipboard/${clip.id}/files`, bytes, headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const download = await testApp.as(null).inject('GET', uploaded.json().file.url);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect((await testApp.as(owner).inject('DELETE', `/api/clipboard/${clip.id}`)).statusCode).toBe(204);

    // A stream payload has no Content-Length: only the count while streaming can stop it.
    const other = await testApp.factory.clip({ owner, content: 'too large, streamed' });
    const chunks = Array.from({ length: 11 }, () => Buffer.alloc(1024 * 1024, 9));
    const tooLarge = await testApp
      .as(owner)
      .inject('PUT', `/api/clipboard/${other.id}/files`, Readable.from(chunks), headers);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await s3.contents()).toEqual({ objects: [], uploads: [] });
  });

  test('/api/ready is ready with the bucket reachable and unavailable once the S3 server stops', async () => {
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });

    await s3.stop();
    const down = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', storage: 'down' } });
  });
});
