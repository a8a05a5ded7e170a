export const utf8Encoder = /* @__PURE__ */ new TextEncoder();
/** Fatal: authenticated bytes that are not UTF-8 were not written by this format. */
export const utf8Decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A chunk as plain bytes, whichever realm's Uint8Array (or Buffer) it came as. */
export function asBytes(chunk: Uint8Array): Uint8Array {
  if (!ArrayBuffer.isView(chunk)) throw new TypeError('expected a Uint8Array chunk');
  return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
