import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { DecryptError } from './decrypt-error';
import { decryptFile, encryptFile } from './file-stream';
import { PBKDF2_ITERATIONS } from './params';
import { ShareKey } from './share-key';
import { decryptText, encryptText } from './text';
import { collect, fromHex, hex, patternBytes, replayRandom } from './testing/helpers';
import { referenceDecryptFile, referenceDecryptText } from './testing/node-reference';

// PBKDF2 at 600 000 rounds takes ~0.3 s, many times that on a loaded machine: no 5 s default here.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Fixed test vectors (test-vectors.json) for every client of the format to replay: the same key, password,
 * salt and nonces must give these exact bytes, and these bytes must open to the same plaintext. The random
 * values are handed out in the order the format asks for them: the salt (when a ShareKey with a password is
 * made), then one nonce per text or one nonce base per file. `UPDATE_TEST_VECTORS=1` rewrites the outputs
 * from the inputs below; a change to them is a change of format, which needs a new version.
 */
const PATH = new URL('./test-vectors.json', import.meta.url);

const bytes = (length: number, start: number) => Uint8Array.from({ length }, (_, i) => (start + i) & 255);
const KEY = hex(bytes(32, 0x00));
const SALT = hex(bytes(16, 0x40));

interface TextVector {
  name: string;
  key: string;
  password: string | null;
  salt: string | null;
  nonce: string;
  plaintext: string;
  fragment?: string;
  envelope?: string;
}

interface FileVector {
  name: string;
  key: string;
  password: string | null;
  salt: string | null;
  nonceBase: string;
  metadata: { name: string; type: string };
  /** The content: hex, or `length` bytes of the pattern byte i = i mod 251. */
  content: { hex: string } | { pattern: 'i mod 251'; length: number };
  fragment?: string;
  ciphertextLength?: number;
  ciphertextSha256?: string;
  /** The whole ciphertext (base64url), for the small vectors. */
  ciphertext?: string;
}

const TEXT_INPUTS: TextVector[] = [
  { name: 'empty text', key: KEY, password: null, salt: null, nonce: hex(bytes(12, 0xa0)), plaintext: '' },
  {
    name: 'ASCII text',
    key: KEY,
    password: null,
    salt: null,
    nonce: hex(bytes(12, 0xb0)),
    plaintext: 'Hello, ClipSync!',
  },
  {
    name: 'non-ASCII text with a password',
    key: KEY,
    password: 'correct horse battery staple',
    salt: SALT,
    nonce: hex(bytes(12, 0xc0)),
    plaintext: 'Grüße aus 東京 🎉\nzweite Zeile',
  },
  {
    name: 'a password that NFC-normalizes (decomposed é)',
    key: hex(bytes(32, 0x80)),
    password: 'cafe\u0301',
    salt: SALT,
    nonce: hex(bytes(12, 0xd0)),
    plaintext: 'café',
  },
];

const FILE_INPUTS: FileVector[] = [
  {
    name: 'empty file',
    key: KEY,
    password: null,
    salt: null,
    nonceBase: hex(bytes(12, 0xe0)),
    metadata: { name: 'empty.txt', type: 'text/plain' },
    content: { hex: '' },
  },
  {
    name: 'small file with a password',
    key: KEY,
    password: 'correct horse battery staple',
    salt: SALT,
    nonceBase: hex(bytes(12, 0xf0)),
    metadata: { name: 'Notizen – März.txt', type: 'text/plain;charset=utf-8' },
    content: { hex: Buffer.from('héllo\n', 'utf8').toString('hex') },
  },
  {
    name: '64 KiB + 1: two content records',
    key: KEY,
    password: null,
    salt: null,
    nonceBase: 'ffffffffffffffffffffffff',
    metadata: { name: 'photo.jpg', type: 'image/jpeg' },
    content: { pattern: 'i mod 251', length: 65_537 },
  },
];

const shareKey = (vector: TextVector | FileVector, nonce: string) =>
  new ShareKey(fromHex(vector.key), {
    password: vector.password ?? undefined,
    random: replayRandom([...(vector.salt ? [fromHex(vector.salt)] : []), fromHex(nonce)]),
  });

const contentOf = (vector: FileVector) =>
  'hex' in vector.content ? fromHex(vector.content.hex) : patternBytes(vector.content.length);

async function computeText(input: TextVector): Promise<TextVector> {
  const key = shareKey(input, input.nonce);
  return { ...input, fragment: key.fragment, envelope: await encryptText(input.plaintext, key) };
}

async function computeFile(input: FileVector): Promise<FileVector> {
  const key = shareKey(input, input.nonceBase);
  const ciphertext = await collect(encryptFile([contentOf(input)], key, input.metadata));
  return {
    ...input,
    fragment: key.fragment,
    ciphertextLength: ciphertext.length,
    ciphertextSha256: createHash('sha256').update(ciphertext).digest('hex'),
    ...(ciphertext.length <= 10_000 ? { ciphertext: Buffer.from(ciphertext).toString('base64url') } : {}),
  };
}

if (process.env.UPDATE_TEST_VECTORS) {
  const vectors = {
    format: 'ClipSync end-to-end encryption, version 1 (docs/encryption.md)',
    pbkdf2Iterations: PBKDF2_ITERATIONS,
    randomOrder: 'salt (with a password, once per ShareKey), then a nonce per text or a nonce base per file',
    text: await Promise.all(TEXT_INPUTS.map(computeText)),
    files: await Promise.all(FILE_INPUTS.map(computeFile)),
  };
  writeFileSync(PATH, `${JSON.stringify(vectors, null, 2)}\n`);
}

const stored = existsSync(PATH)
  ? (JSON.parse(readFileSync(PATH, 'utf8')) as { pbkdf2Iterations: number; text: TextVector[]; files: FileVector[] })
  : { pbkdf2Iterations: 0, text: [], files: [] };

describe('test vectors', () => {
  it('are all there, for these inputs and parameters', () => {
    expect(stored.pbkdf2Iterations).toBe(PBKDF2_ITERATIONS);
    expect(stored.text.map(({ envelope: _, fragment: __, ...input }) => input)).toEqual(TEXT_INPUTS);
    expect(
      stored.files.map(
        ({ ciphertext: _, ciphertextLength: __, ciphertextSha256: ___, fragment: ____, ...input }) => input,
      ),
    ).toEqual(FILE_INPUTS);
  });

  describe.each(stored.text)('text: $name', (vector) => {
    it('encrypts to the stored envelope', async () => {
      expect(await computeText(vector)).toEqual(vector);
    });

    it('decrypts here and with node:crypto from the fragment alone', async () => {
      const key = ShareKey.fromFragment(`#${vector.fragment!}`, { password: vector.password ?? undefined });
      expect(await decryptText(vector.envelope!, key)).toBe(vector.plaintext);
      expect(referenceDecryptText(vector.envelope!, vector.fragment!, vector.password)).toBe(vector.plaintext);
      if (vector.password) {
        const wrong = ShareKey.fromFragment(vector.fragment!, { password: `${vector.password}!` });
        await expect(decryptText(vector.envelope!, wrong)).rejects.toThrow(DecryptError);
      }
    });
  });

  describe.each(stored.files)('file: $name', (vector) => {
    it('encrypts to the stored bytes', async () => {
      expect(await computeFile(vector)).toEqual(vector);
    });

    it('decrypts here and with node:crypto', async () => {
      const ciphertext = vector.ciphertext
        ? Buffer.from(vector.ciphertext, 'base64url')
        : await collect(encryptFile([contentOf(vector)], shareKey(vector, vector.nonceBase), vector.metadata));
      expect(createHash('sha256').update(ciphertext).digest('hex')).toBe(vector.ciphertextSha256);

      const key = ShareKey.fromFragment(vector.fragment!, { password: vector.password ?? undefined });
      const { metadata, content } = await decryptFile([ciphertext], key);
      expect(metadata).toEqual(vector.metadata);
      expect(Buffer.from(await collect(content)).equals(Buffer.from(contentOf(vector)))).toBe(true);

      const reference = referenceDecryptFile(ciphertext, vector.fragment!, vector.password);
      expect({ name: reference.name, type: reference.type }).toEqual(vector.metadata);
      expect(reference.content.equals(Buffer.from(contentOf(vector)))).toBe(true);
    });
  });
});
