import type { RandomSource } from '../share-key';

/** Concatenates chunks (test output). */
export function joinChunks(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** `length` bytes of a fixed pattern (byte i = i mod 251, which no power-of-two record size lines up with). */
export function patternBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = i % 251;
  return bytes;
}

/** `bytes` cut into chunks of the given sizes in turn (the last chunk takes what is left). */
export function chunked(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

export async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return joinChunks(chunks);
}

/** A random source that hands out `values` in order and fails when asked for anything else. */
export function replayRandom(values: Uint8Array[]): RandomSource {
  const queue = [...values];
  return (length) => {
    const next = queue.shift();
    if (!next || next.length !== length) throw new Error(`unexpected random request of ${length} bytes`);
    return Uint8Array.from(next);
  };
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

export function fromHex(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(text, 'hex'));
}
