import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/s3-config';
import { FileNotFoundError, RangeNotSatisfiableError, type FileStore } from './file-store';
import { assertByteRange, assertSafeKey, countBytes } from './store-rules';

/**
 * S3's smallest part, one in flight: an upload holds at most one part (5 MiB) in memory, never a whole
 * 10 MB file, and a body that fits in one part is a single PUT.
 */
const PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 1;

/** An unreachable endpoint fails /api/ready and uploads within seconds instead of hanging a request. */
const CONNECT_TIMEOUT_MS = 3000;
const IDLE_SOCKET_TIMEOUT_MS = 30_000;

/**
 * Files as objects of one bucket, named by their key. Uploads stream through `Upload` (lib-storage): on a
 * failure, including a body past `maxBytes`, it aborts the multipart upload, so the bucket keeps neither an
 * object nor parts. A lifecycle rule that aborts incomplete multipart uploads covers a process killed midway.
 */
export async function createS3Store(config: S3Config): Promise<FileStore> {
  // Imported here rather than at the top: the server's build (esbuild, one file) hoists a bundled module's
  // static imports to the start of dist/main.js, which would load the SDK in every mode.
  const [{ DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client, S3ServiceException }, { Upload }] =
    await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const isServiceError = (error: unknown, code: string, status: number) =>
    error instanceof S3ServiceException && (error.name === code || error.$metadata.httpStatusCode === status);
  const { bucket } = config;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_SOCKET_TIMEOUT_MS },
  });

  return {
    kind: 's3',
    async put(key, body, { maxBytes }) {
      assertSafeKey(key);
      let size = 0;
      const counted = countBytes(maxBytes, (total) => (size = total));
      // A failure of the body or the count destroys `counted`, which fails the upload; the upload's own
      // failure is handled below, so this promise only needs its rejection observed.
      pipeline(body, counted).catch(() => undefined);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted },
        partSize: PART_BYTES,
        queueSize: UPLOAD_QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        // A failure of the stream (too large, the client went away) is the cause, and the upload's error may
        // only be its abort's answer. An upload that failed on its own closed its read of `counted` with an
        // AbortError: then the upload's error is the cause. `destroy()` stops the body in every case.
        const streamFailure = counted.errored;
        counted.destroy();
        throw streamFailure && streamFailure.name !== 'AbortError' ? streamFailure : error;
      }
      return { size };
    },
    async get(key, range) {
      assertSafeKey(key);
      if (range) assertByteRange(range);
      let response: GetObjectCommandOutput;
      try {
        response = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
      } catch (error) {
        if (isServiceError(error, 'NoSuchKey', 404)) throw new FileNotFoundError(key);
        if (isServiceError(error, 'InvalidRange', 416)) {
          throw new RangeNotSatisfiableError(`${key} ends before byte ${range?.start}`);
        }
        throw error;
      }
      // In Node the SDK's body is the HTTP response itself (an IncomingMessage).
      return response.Body as Readable;
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}
