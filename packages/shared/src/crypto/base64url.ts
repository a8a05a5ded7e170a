/**
 * Base64url without padding (RFC 4648 §5), written out because neither `btoa` on bytes nor `Buffer` is
 * available on both sides. Decoding is strict: one spelling per byte string, so a mangled link or envelope
 * is refused instead of decoding to something close.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const DECODE = /* @__PURE__ */ buildDecodeTable();

function buildDecodeTable(): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
}

/** Characters `byteLength` bytes take in unpadded base64url. */
export function base64UrlLength(byteLength: number): number {
  return Math.ceil((byteLength * 4) / 3);
}

export function encodeBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  // Strings are built a slice at a time: one concatenation per character is slow on a 1 MB envelope.
  const slice = 3 * 4096;
  for (let start = 0; start < bytes.length; start += slice) {
    const end = Math.min(start + slice, bytes.length);
    const chars: string[] = [];
    for (let i = start; i < end; i += 3) {
      const b0 = bytes[i]!;
      const b1 = i + 1 < end ? bytes[i + 1]! : 0;
      const b2 = i + 2 < end ? bytes[i + 2]! : 0;
      chars.push(ALPHABET[b0 >> 2]!, ALPHABET[((b0 & 3) << 4) | (b1 >> 4)]!);
      if (i + 1 < end) chars.push(ALPHABET[((b1 & 15) << 2) | (b2 >> 6)]!);
      if (i + 2 < end) chars.push(ALPHABET[b2 & 63]!);
    }
    parts.push(chars.join(''));
  }
  return parts.join('');
}

/** The bytes `text` spells, or null when it is not canonical unpadded base64url. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const c0 = sextet(text, i);
    const c1 = sextet(text, i + 1);
    const c2 = i + 2 < text.length ? sextet(text, i + 2) : 0;
    const c3 = i + 3 < text.length ? sextet(text, i + 3) : 0;
    if (c0 < 0 || c1 < 0 || c2 < 0 || c3 < 0) return null;
    out[o++] = (c0 << 2) | (c1 >> 4);
    if (i + 2 < text.length) out[o++] = ((c1 & 15) << 4) | (c2 >> 2);
    else if ((c1 & 15) !== 0) return null;
    if (i + 3 < text.length) out[o++] = ((c2 & 3) << 6) | c3;
    else if (i + 2 < text.length && (c2 & 3) !== 0) return null;
  }
  return out;
}

function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? DECODE[code]! : -1;
}
