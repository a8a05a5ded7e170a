import { createFileOpener, createFileSealer, type FileMetadata } from './file-records';
import type { ShareKey } from './share-key';

/**
 * Files as streams, in the two shapes callers hold: WHATWG streams (the browser's `File.stream()`, `fetch`
 * bodies) and async iterables (Node's `fs` streams, `for await`). Both keep at most one record plus the chunk
 * being read in memory, so a 10 MB file never sits there twice.
 */
type Bytes = Uint8Array<ArrayBuffer>;
type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Encrypts a file piped through it; throws RangeError at once if the name or type is too long. */
export function encryptFileStream(key: ShareKey, metadata: FileMetadata): TransformStream<Uint8Array, Bytes> {
  const sealer = createFileSealer(key, metadata);
  return new TransformStream<Uint8Array, Bytes>({
    async start(controller) {
      controller.enqueue(await sealer.start());
    },
    async transform(chunk, controller) {
      for await (const record of sealer.push(chunk)) controller.enqueue(record);
    },
    async flush(controller) {
      controller.enqueue(await sealer.finish());
    },
  });
}

/**
 * Decrypts a file piped through it (`response.body.pipeThrough(decryptFileStream(key))`). `metadata` resolves
 * once the name and type have authenticated. Each chunk out is authenticated, but the file is whole only when
 * the readable side closes without error: keep the output aside (a Blob, a temporary file) until then.
 */
export function decryptFileStream(key: ShareKey): {
  writable: WritableStream<Uint8Array>;
  readable: ReadableStream<Bytes>;
  metadata: Promise<FileMetadata>;
} {
  const opener = createFileOpener(key);
  let settle!: { resolve: (metadata: FileMetadata) => void; reject: (error: unknown) => void };
  const metadata = new Promise<FileMetadata>((resolve, reject) => (settle = { resolve, reject }));
  // A caller that only reads the content must not get an unhandled rejection from here.
  metadata.catch(() => undefined);
  const guard = async (step: () => Promise<void>) => {
    try {
      await step();
      if (opener.metadata) settle.resolve(opener.metadata);
    } catch (error) {
      settle.reject(error);
      throw error;
    }
  };
  const stream = new TransformStream<Uint8Array, Bytes>({
    transform: (chunk, controller) =>
      guard(async () => {
        for await (const record of opener.push(chunk)) controller.enqueue(record);
      }),
    flush: (controller) =>
      guard(async () => {
        controller.enqueue(await opener.finish());
      }),
  });
  return { writable: stream.writable, readable: stream.readable, metadata };
}

/** Encrypts a file given as chunks of any size; throws RangeError at once if the name or type is too long. */
export function encryptFile(source: ByteSource, key: ShareKey, metadata: FileMetadata): AsyncGenerator<Bytes> {
  const sealer = createFileSealer(key, metadata);
  return (async function* () {
    yield await sealer.start();
    for await (const chunk of source) yield* sealer.push(chunk);
    yield await sealer.finish();
  })();
}

/**
 * Reads a file's header and metadata record from `source`, then hands back the content to iterate. As with
 * the stream, the content is whole only once iteration ends without a DecryptError.
 */
export async function decryptFile(
  source: ByteSource,
  key: ShareKey,
): Promise<{ metadata: FileMetadata; content: AsyncGenerator<Bytes> }> {
  const opener = createFileOpener(key);
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  const early: Bytes[] = [];
  try {
    while (!opener.metadata) {
      const next = await iterator.next();
      if (next.done) {
        await opener.finish();
        break;
      }
      for await (const record of opener.push(next.value)) early.push(record);
    }
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const metadata = opener.metadata!;
  async function* content(): AsyncGenerator<Bytes> {
    try {
      yield* early.splice(0);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        yield* opener.push(next.value);
      }
      yield await opener.finish();
    } finally {
      await iterator.return?.();
    }
  }
  return { metadata, content: content() };
}
