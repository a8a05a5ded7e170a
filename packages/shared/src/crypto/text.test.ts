import { describe, expect, it, vi } from 'vitest';
import { DecryptError } from './decrypt-error';
import { ShareKey } from './share-key';
import { decryptText, encryptText, encryptedTextLength, textNeedsPassword } from './text';

// PBKDF2 at 600 000 rounds takes ~0.3 s, many times that on a loaded machine: no 5 s default here.
vi.setConfig({ testTimeout: 60_000 });

const key = ShareKey.generate();

function flipBit(envelope: string, byteIndex: number, bit = 0): string {
  const bytes = Buffer.from(envelope, 'base64url');
  bytes[byteIndex]! ^= 1 << bit;
  return bytes.toString('base64url');
}

async function failure(promise: Promise<unknown>): Promise<DecryptError> {
  const error = await promise.then(
    (value) => new Error(`decrypted to ${JSON.stringify(value)}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DecryptError);
  return error as DecryptError;
}

describe('encryptText / decryptText', () => {
  it.each([
    ['empty', ''],
    ['one byte', 'a'],
    ['non-ASCII', 'Grüße, 東京 🎉 مرحبا e\u0301 \u200d'],
    ['a leading byte-order mark', '\ufeffBOM'],
    ['1 MB', 'x'.repeat(1_000_000)],
  ])('round-trips %s text', async (_, text) => {
    const envelope = await encryptText(text, key);
    expect(envelope).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(envelope).toHaveLength(encryptedTextLength(Buffer.byteLength(text), false));
    if (text.length >= 8) expect(Buffer.from(envelope, 'base64url').includes(Buffer.from(text))).toBe(false);
    expect(await decryptText(envelope, key)).toBe(text);
  });

  it('stores a lone surrogate as U+FFFD, as the text column would', async () => {
    expect(await decryptText(await encryptText('a\ud800b', key), key)).toBe('a\ufffdb');
  });

  it('uses a fresh nonce each time', async () => {
    const [a, b] = [await encryptText('same', key), await encryptText('same', key)];
    expect(a).not.toBe(b);
  });

  it('states its length with a password', async () => {
    const withPassword = new ShareKey(new Uint8Array(32), { password: 'pw' });
    expect(await encryptText('héllo', withPassword)).toHaveLength(encryptedTextLength(6, true));
  });

  it('tells whether a password is needed', async () => {
    expect(textNeedsPassword(await encryptText('a', key))).toBe(false);
    expect(textNeedsPassword(await encryptText('a', new ShareKey(new Uint8Array(32), { password: 'pw' })))).toBe(true);
    expect(() => textNeedsPassword('!')).toThrow(DecryptError);
  });
});

describe('decryptText refuses', () => {
  it('another key', async () => {
    const envelope = await encryptText('secret', key);
    expect(await decryptText(envelope, key)).toBe('secret');
    expect((await failure(decryptText(envelope, ShareKey.generate()))).reason).toBe('AUTHENTICATION_FAILED');
  });

  it('every single flipped bit (header, nonce, ciphertext, tag)', async () => {
    const envelope = await encryptText('flip me', key);
    const length = Buffer.from(envelope, 'base64url').length;
    for (let i = 0; i < length; i++) {
      for (const bit of [0, 7]) await failure(decryptText(flipBit(envelope, i, bit), key));
    }
  });

  it('every truncation, and appended bytes', async () => {
    const envelope = await encryptText('cut me', key);
    const bytes = Buffer.from(envelope, 'base64url');
    for (let length = 0; length < bytes.length; length++) {
      await failure(decryptText(bytes.subarray(0, length).toString('base64url'), key));
    }
    await failure(decryptText(Buffer.concat([bytes, Buffer.of(0)]).toString('base64url'), key));
  });

  it.each([
    ['not base64url', 'not an envelope!', 'MALFORMED'],
    ['padding', `${'A'.repeat(42)}==`, 'MALFORMED'],
    ['an unknown version', Buffer.alloc(40, 0).fill(2, 0, 1).toString('base64url'), 'UNSUPPORTED_VERSION'],
    ['unknown flags', Buffer.from([1, 2, ...new Array<number>(40).fill(0)]).toString('base64url'), 'MALFORMED'],
    ['too short for a tag', Buffer.alloc(20, 0).fill(1, 0, 1).toString('base64url'), 'MALFORMED'],
  ])('%s', async (_, envelope, reason) => {
    expect((await failure(decryptText(envelope, key))).reason).toBe(reason);
  });
});
