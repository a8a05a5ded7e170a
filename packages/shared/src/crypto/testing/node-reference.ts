import { createDecipheriv, hkdfSync, pbkdf2Sync } from 'node:crypto';

/**
 * A second, independent reading of docs/encryption.md on `node:crypto` (no WebCrypto, no code shared with the
 * implementation), used by the tests to open the test vectors: if the implementation and the document drift
 * apart, one of the two fails. Also the shape a node:crypto client would take.
 */
const SALT = 16;
const NONCE = 12;
const TAG = 16;
const RECORD = 65_536 + TAG;
const METADATA = 4_096 + TAG;

function base64url(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}

function aesKey(fragmentKey: Buffer, password: string | null, salt: Buffer | null, purpose: 'text' | 'file'): Buffer {
  let ikm = fragmentKey;
  if (salt) {
    if (password === null) throw new Error('password required');
    const stretched = pbkdf2Sync(Buffer.from(password.normalize('NFC'), 'utf8'), salt, 600_000, 32, 'sha256');
    ikm = Buffer.concat([fragmentKey, stretched]);
  }
  return Buffer.from(hkdfSync('sha256', ikm, salt ?? Buffer.alloc(0), `ClipSync e2e v1 ${purpose}`, 32));
}

function open(key: Buffer, nonce: Buffer, aad: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
}

function prefix(bytes: Buffer): { prefix: Buffer; salt: Buffer | null } {
  if (bytes[0] !== 1) throw new Error('version');
  if (bytes[1] !== 0 && bytes[1] !== 1) throw new Error('flags');
  const length = bytes[1] === 1 ? 2 + SALT : 2;
  return { prefix: bytes.subarray(0, length), salt: bytes[1] === 1 ? bytes.subarray(2, length) : null };
}

export function referenceDecryptText(envelope: string, fragment: string, password: string | null): string {
  const bytes = base64url(envelope);
  const { prefix: head, salt } = prefix(bytes);
  const key = aesKey(base64url(fragment.replace(/^#?k=/, '')), password, salt, 'text');
  const nonce = bytes.subarray(head.length, head.length + NONCE);
  return open(key, nonce, head, bytes.subarray(head.length + NONCE)).toString('utf8');
}

export function referenceDecryptFile(
  file: Uint8Array,
  fragment: string,
  password: string | null,
): { name: string; type: string; content: Buffer } {
  const bytes = Buffer.from(file);
  const { prefix: head, salt } = prefix(bytes);
  const header = bytes.subarray(0, head.length + NONCE);
  const nonceBase = header.subarray(head.length);
  const key = aesKey(base64url(fragment.replace(/^#?k=/, '')), password, salt, 'file');
  const record = (index: number, final: boolean, sealed: Buffer) => {
    const nonce = Buffer.from(nonceBase);
    nonce.writeUInt32BE((nonce.readUInt32BE(NONCE - 4) ^ index) >>> 0, NONCE - 4);
    const aad = Buffer.alloc(header.length + 5);
    header.copy(aad);
    aad.writeUInt32BE(index, header.length);
    aad[header.length + 4] = final ? 1 : 0;
    return open(key, nonce, aad, sealed);
  };
  let offset = header.length;
  const metadata = record(0, false, bytes.subarray(offset, offset + METADATA));
  offset += METADATA;
  const { name, type } = JSON.parse(metadata.subarray(0, metadata.indexOf(0)).toString('utf8')) as {
    name: string;
    type: string;
  };
  const parts: Buffer[] = [];
  for (let index = 1; ; index++) {
    const final = bytes.length - offset <= RECORD;
    parts.push(record(index, final, bytes.subarray(offset, offset + RECORD)));
    offset += RECORD;
    if (final) break;
  }
  return { name, type, content: Buffer.concat(parts) };
}
