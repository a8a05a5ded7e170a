import { describe, expect, it, vi } from 'vitest';
import { DecryptError } from './decrypt-error';
import { ShareKey } from './share-key';
import { decryptText, encryptText } from './text';
import { encryptFile } from './file-stream';
import { collect, replayRandom } from './testing/helpers';

// PBKDF2 at 600 000 rounds takes ~0.3 s, many times that on a loaded machine: no 5 s default here.
vi.setConfig({ testTimeout: 60_000 });

const KEY = Uint8Array.from({ length: 32 }, (_, i) => i);
const KEY_TEXT = Buffer.from(KEY).toString('base64url');

describe('ShareKey fragment', () => {
  it('writes k=<43 base64url characters> and reads it back to the same key', async () => {
    const key = ShareKey.generate();
    expect(key.fragment).toMatch(/^k=[A-Za-z0-9_-]{43}$/);
    const envelope = await encryptText('hello', key);
    expect(await decryptText(envelope, ShareKey.fromFragment(`#${key.fragment}`))).toBe('hello');
    expect(await decryptText(envelope, ShareKey.fromFragment(key.fragment))).toBe('hello');
  });

  it('generates a fresh key each time', () => {
    expect(ShareKey.generate().fragment).not.toBe(ShareKey.generate().fragment);
  });

  it('encodes a given key exactly', () => {
    expect(new ShareKey(KEY).fragment).toBe(`k=${KEY_TEXT}`);
    expect(ShareKey.generate({ random: replayRandom([KEY]) }).fragment).toBe(`k=${KEY_TEXT}`);
  });

  it('ignores other fragment parameters', () => {
    expect(ShareKey.fromFragment(`#x=1&k=${KEY_TEXT}&y`).fragment).toBe(`k=${KEY_TEXT}`);
  });

  it.each([
    ['an empty fragment', ''],
    ['a bare #', '#'],
    ['an empty key', '#k='],
    ['a key cut by one character', `#k=${KEY_TEXT.slice(0, -1)}`],
    ['a key with a character more', `#k=${KEY_TEXT}A`],
    ['a padded key', `#k=${KEY_TEXT.slice(0, -1)}=`],
    ['standard base64', `#k=${KEY_TEXT.slice(0, -1)}+`],
    ['stray bits in the last character', `#k=${KEY_TEXT.slice(0, -1)}B`],
    ['two keys', `#k=${KEY_TEXT}&k=${KEY_TEXT}`],
    ['an upper-case name', `#K=${KEY_TEXT}`],
    ['a key in a query instead', `?k=${KEY_TEXT}`],
  ])('refuses %s with DecryptError KEY_MALFORMED', (_, fragment) => {
    expect(() => ShareKey.fromFragment(fragment)).toThrow(DecryptError);
    try {
      ShareKey.fromFragment(fragment);
    } catch (error) {
      expect((error as DecryptError).reason).toBe('KEY_MALFORMED');
    }
  });

  it('refuses key bytes that are not 256 bits', () => {
    expect(() => new ShareKey(new Uint8Array(31))).toThrow(RangeError);
    expect(() => new ShareKey(new Uint8Array(33))).toThrow(RangeError);
  });

  it('refuses a random source that gives the wrong number of bytes', () => {
    expect(() => ShareKey.generate({ random: (n) => new Uint8Array(n - 1) })).toThrow(RangeError);
  });
});

describe('ShareKey password', () => {
  it('needs both the link key and the password', async () => {
    const sealed = await encryptText('secret', new ShareKey(KEY, { password: 'correct horse' }));
    expect(await decryptText(sealed, new ShareKey(KEY, { password: 'correct horse' }))).toBe('secret');

    const otherKey = KEY.map((byte) => byte ^ 1);
    await expect(decryptText(sealed, new ShareKey(otherKey, { password: 'correct horse' }))).rejects.toThrow(
      DecryptError,
    );
    await expect(decryptText(sealed, new ShareKey(KEY, { password: 'correct horsf' }))).rejects.toMatchObject({
      reason: 'AUTHENTICATION_FAILED',
    });
    await expect(decryptText(sealed, new ShareKey(KEY))).rejects.toMatchObject({ reason: 'PASSWORD_REQUIRED' });
  });

  it('treats a composed and a decomposed é as the same password (NFC)', async () => {
    const sealed = await encryptText('x', new ShareKey(KEY, { password: 'caf\u00e9' }));
    expect(await decryptText(sealed, new ShareKey(KEY, { password: 'cafe\u0301' }))).toBe('x');
  });

  it('treats an empty password as none', async () => {
    const key = new ShareKey(KEY, { password: '' });
    expect(key.hasPassword).toBe(false);
    expect(await decryptText(await encryptText('x', key), new ShareKey(KEY))).toBe('x');
  });

  it('seals the text and every file of a share with one salt, so PBKDF2 runs once', async () => {
    const key = new ShareKey(KEY, { password: 'pw' });
    const text = Buffer.from(await encryptText('x', key), 'base64url');
    const file = await collect(encryptFile([new Uint8Array(3)], key, { name: 'a', type: 'text/plain' }));
    expect(text[1]).toBe(1);
    expect(file[1]).toBe(1);
    expect(Buffer.from(file.subarray(2, 18))).toEqual(text.subarray(2, 18));
    const otherShare = Buffer.from(await encryptText('x', new ShareKey(KEY, { password: 'pw' })), 'base64url');
    expect(otherShare.subarray(2, 18)).not.toEqual(text.subarray(2, 18));
  });
});
