import { createReadStream, ReadStream } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';
import type { S3rverContext } from 's3rver';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

function xml(context: S3rverContext, status: number, body: string): void {
  context.status = status;
  context.type = 'application/xml';
  context.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/**
 * s3rver 3.7 keeps unfinished multipart uploads in `<bucket>/._S3rver_uploads/<uploadId>/` but answers
 * neither AbortMultipartUpload (405) nor ListMultipartUploads (501): these answer them from that folder,
 * so a store's abort really removes the parts and a test sees what an upload left behind.
 */
async function answerMultipartUploadCalls(
  directory: string,
  context: S3rverContext,
  next: () => Promise<void>,
): Promise<void> {
  const [, bucket, key] = /^\/([^/]+)\/?(.*)$/.exec(context.path) ?? [];
  if (!bucket) return next();
  const uploads = join(directory, bucket, '._S3rver_uploads');
  const keyOf = (uploadId: string) => readFile(join(uploads, uploadId, 'key'), 'utf8').catch(() => undefined);
  const { uploadId } = context.query;
  if (key && context.method === 'DELETE' && typeof uploadId === 'string') {
    if (!UPLOAD_ID.test(uploadId) || (await keyOf(uploadId)) !== decodeURIComponent(key)) {
      return xml(context, 404, '<Error><Code>NoSuchUpload</Code><Message>no such upload</Message></Error>');
    }
    await rm(join(uploads, uploadId), { recursive: true });
    context.status = 204;
    return;
  }
  if (!key && context.method === 'GET' && 'uploads' in context.query) {
    const ids = await readdir(uploads).catch(() => []);
    const listed = await Promise.all(
      ids.map(async (id) => `<Upload><Key>${await keyOf(id)}</Key><UploadId>${id}</UploadId></Upload>`),
    );
    const result = `<Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${listed.join('')}`;
    return xml(context, 200, `<ListMultipartUploadsResult>${result}</ListMultipartUploadsResult>`);
  }
  return next();
}

/** s3rver 3.7 takes the end of `Range: bytes=0-0` for "none" and sends the whole object: send the byte asked. */
async function answerFirstByteRange(context: S3rverContext, next: () => Promise<void>): Promise<void> {
  await next();
  const whole = context.body;
  if (context.get('range') !== 'bytes=0-0' || context.status !== 206 || !(whole instanceof ReadStream)) return;
  whole.destroy();
  const size = context.response.get('content-range').split('/')[1] ?? '*';
  context.body = createReadStream(whole.path, { start: 0, end: 0 });
  context.length = 1;
  context.set('content-range', `bytes 0-0/${size}`);
}

/** Makes s3rver answer, as S3 does, the calls a FileStore relies on that it lacks or gets wrong. */
export function fixS3rver(server: S3rver, directory: string): void {
  server.middleware.unshift(
    (context, next) => answerMultipartUploadCalls(directory, context, next),
    answerFirstByteRange,
  );
}
