import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig } from '../src/config/env';
import type { S3Config } from '../src/config/s3-config';
import { fixS3rver } from './s3rver-fixes';

export interface TestS3Server {
  /** The S3_* variables that point the app at this server (for buildTestApp or loadConfig). */
  env: Record<string, string>;
  /** The same, parsed: for createS3Store. */
  config: S3Config;
  /** A client of its own, for a test to look into the bucket or set it up. */
  client: S3Client;
  /** Keys of the bucket's objects and of its unfinished multipart uploads: whatever a store left there. */
  contents(): Promise<{ objects: string[]; uploads: string[] }>;
  /** Where s3rver keeps the bucket's objects and their metadata on disk: what an operator's backup of it holds. */
  directory: string;
  /** Stops answering (the bucket's files stay on disk until `close`). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in the test process, on a free loopback port, keeping its bucket in
 * a temporary folder. s3rver checks request signatures against its fixed key pair, S3RVER/S3RVER.
 */
export async function startS3Server(bucket = 'clipsync-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'clipsync-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  fixS3rver(server, directory);
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const config = loadConfig(env).s3;
  if (!config) throw new Error('startS3Server: S3 settings not parsed');
  const { region, endpoint, forcePathStyle, credentials } = config;
  const client = new S3Client({ region, endpoint, forcePathStyle, credentials });

  let isRunning = true;
  const stop = async () => {
    if (!isRunning) return;
    isRunning = false;
    await server.close();
  };
  return {
    env,
    config,
    client,
    directory,
    contents: async () => {
      const [objects, uploads] = await Promise.all([
        client.send(new ListObjectsV2Command({ Bucket: bucket })),
        client.send(new ListMultipartUploadsCommand({ Bucket: bucket })),
      ]);
      return {
        objects: (objects.Contents ?? []).map((object) => object.Key ?? ''),
        uploads: (uploads.Uploads ?? []).map((upload) => upload.Key ?? ''),
      };
    },
    stop,
    close: async () => {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
