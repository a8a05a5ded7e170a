import { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

  test('check() fails for a bucket that does not exist', async () => {
    const other = await createS3Store({ ...server.config, bucket: 'no-such-bucket' });
    await expect(other.check()).rejects.toThrow();
    await other.close();
  });
});
