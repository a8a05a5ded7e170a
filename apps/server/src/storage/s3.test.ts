import { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../lib/secure-tokens';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import type { FileStore } from './file-store';
import { fileStoreContract } from './file-store.contract';
import { createS3Store } from './s3';

describe('S3 FileStore, against s3rver', () => {
  let server: TestS3Server;
  let store: FileStore;
  beforeAll(async () => {
    server = await startS3Server();
    store = await createS3Store(server.config);
  });
  afterAll(async () => {
    await store.close();
    await server.close();
  });

  fileStoreContract(() => ({ store, contents: () => server.contents() }));

  test('contents() shows objects and unfinished multipart uploads: "nothing left behind" can fail', async () => {
    const bucket = server.config.bucket;
    const key = 'stored-by-this-test';
    await store.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 1 });
    expect((await server.contents()).objects).toContain(key);
    await store.delete(key);
    expect((await server.contents()).objects).not.toContain(key);

    const { UploadId } = await server.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    expect((await server.contents()).uploads).toContain(key);
    await server.client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
    expect((await server.contents()).uploads).not.toContain(key);
  });

  test('a bucket that does not exist fails check() and put, and the put stops reading its body', async () => {
    const other = await createS3Store({ ...server.config, bucket: 'no-such-bucket' });
    await expect(other.check()).rejects.toThrow();
    // Past one part: the refusal comes while the body is still being read.
    const body = Readable.from(Array.from({ length: 100 }, () => Buffer.alloc(64 * 1024)));
    await expect(other.put(newId(), body, { maxBytes: MAX_UPLOAD_BYTES })).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect.poll(() => body.destroyed).toBe(true);
    expect(body.readableEnded).toBe(false);
    await other.close();
  });
});
