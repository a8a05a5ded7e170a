import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import {
  AccountKey,
  ARGON2ID_COST,
  formatRecoveryKey,
  newRecoveryKey,
  parseRecoveryKey,
  UnlockSecret,
  unwrapClipKey,
  wrapClipKey,
} from './account-key';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { DecryptError } from './decrypt-error';
import { readAccountKeyVectors, replayAccountKeyVectors } from './testing/account-key-vectors';
import { fromHex } from './testing/helpers';
import { referenceDecryptText } from './testing/node-reference';

// Argon2id at 64 MiB takes ~0.5 s, many times that on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const vectors = readAccountKeyVectors();
const hkdf = (ikm: Uint8Array, info: string) => new Uint8Array(hkdfSync('sha256', ikm, new Uint8Array(0), info, 32));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: unknown) => (error instanceof DecryptError ? error.reason : String(error)),
  );

describe('account keys: the vectors of docs/encryption.md', () => {
  it('this implementation makes exactly the documented bytes, and opens them', async () => {
    expect(await replayAccountKeyVectors(vectors)).toEqual(vectors);
  });

  it('an independent reading of the page opens both copies (Argon2id from @node-rs/argon2, node:crypto)', async () => {
    const stretched = await hashRaw(vectors.passphrase.passphrase, {
      salt: Buffer.from(decodeBase64Url(vectors.passphrase.salt)!),
      algorithm: 2, // Argon2id
      memoryCost: ARGON2ID_COST.memoryKiB,
      timeCost: ARGON2ID_COST.iterations,
      parallelism: ARGON2ID_COST.parallelism,
      outputLen: 32,
    });
    const secrets = [
      { ikm: new Uint8Array(stretched), copy: vectors.passphrase },
      { ikm: parseRecoveryKey(vectors.recovery.recoveryKey), copy: vectors.recovery },
    ];
    for (const { ikm, copy } of secrets) {
      expect(encodeBase64Url(hkdf(ikm, 'ClipSync account key v1 unlock'))).toBe(copy.unlockProof);
      const fragment = `k=${encodeBase64Url(hkdf(ikm, 'ClipSync account key v1 wrap'))}`;
      const content = JSON.parse(referenceDecryptText(copy.wrapped.envelope, fragment, null)) as Record<string, string>;
      expect(content).toEqual({ account: vectors.account, key: encodeBase64Url(fromHex(vectors.accountKey)) });
    }
    const id = hkdfSync('sha256', fromHex(vectors.accountKey), new Uint8Array(0), 'ClipSync account key v1 id', 16);
    expect(encodeBase64Url(new Uint8Array(id))).toBe(vectors.keyId);
  });

  it('an independent reading of the page unwraps the clip keys (node:crypto)', () => {
    const sealingKey = hkdf(fromHex(vectors.accountKey), 'ClipSync account key v1 seal');
    for (const { clipKey, nonce, wrapped } of vectors.clipKeys) {
      const bytes = Buffer.from(wrapped, 'base64url');
      expect(bytes.length).toBe(61);
      expect(bytes[0]).toBe(1);
      expect(bytes.subarray(1, 13).toString('hex')).toBe(nonce);
      const decipher = createDecipheriv('aes-256-gcm', sealingKey, bytes.subarray(1, 13));
      decipher.setAAD(Buffer.from('ClipSync clip key v1', 'utf8'));
      decipher.setAuthTag(bytes.subarray(45));
      expect(Buffer.concat([decipher.update(bytes.subarray(13, 45)), decipher.final()]).toString('hex')).toBe(clipKey);
    }
  });
});

describe('clip keys: wrapped by the sealing key', () => {
  const [first] = vectors.clipKeys;

  it('the sealing key cannot be exported: a browser keeps it without holding the account key', async () => {
    const sealingKey = await new AccountKey(fromHex(vectors.accountKey)).sealingKey();
    expect(sealingKey.extractable).toBe(false);
    expect(sealingKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...sealingKey.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(globalThis.crypto.subtle.exportKey('raw', sealingKey)).rejects.toThrow();
  });

  it("another account's key, an altered, cut or later copy: each refused", async () => {
    const sealingKey = await new AccountKey(fromHex(vectors.accountKey)).sealingKey();
    const otherAccount = await AccountKey.generate().sealingKey();
    const { wrapped } = first!;
    const altered = wrapped.slice(0, 30) + (wrapped[30] === 'A' ? 'B' : 'A') + wrapped.slice(31);
    const later = encodeBase64Url(Uint8Array.of(2, ...decodeBase64Url(wrapped)!.subarray(1)));
    expect(await failure(unwrapClipKey(otherAccount, wrapped))).toBe('AUTHENTICATION_FAILED');
    expect(await failure(unwrapClipKey(sealingKey, altered))).toBe('AUTHENTICATION_FAILED');
    expect(await failure(unwrapClipKey(sealingKey, wrapped.slice(0, 60)))).toBe('MALFORMED');
    expect(await failure(unwrapClipKey(sealingKey, ''))).toBe('MALFORMED');
    expect(await failure(unwrapClipKey(sealingKey, later))).toBe('UNSUPPORTED_VERSION');
  });

  it('a fresh nonce each time, and only 32-byte keys are wrapped', async () => {
    const sealingKey = await AccountKey.generate().sealingKey();
    const clipKey = fromHex(first!.clipKey);
    const [a, b] = await Promise.all([wrapClipKey(sealingKey, clipKey), wrapClipKey(sealingKey, clipKey)]);
    expect(a).not.toBe(b);
    expect(await unwrapClipKey(sealingKey, a)).toEqual(clipKey);
    await expect(wrapClipKey(sealingKey, clipKey.subarray(1))).rejects.toThrow(RangeError);
  });
});

describe('account keys: what goes wrong is told apart, and nothing opens wrongly', () => {
  const { account, passphrase, recovery } = vectors;

  it('a wrong passphrase or recovery key fails to authenticate', async () => {
    const wrong = await UnlockSecret.fromPassphrase('correct horse battery stapler', passphrase.salt);
    expect(wrong.unlockProof).not.toBe(passphrase.unlockProof);
    expect(await failure(wrong.open(passphrase.wrapped, account))).toBe('AUTHENTICATION_FAILED');
    const otherRecovery = await UnlockSecret.fromRecoveryKey(newRecoveryKey());
    expect(await failure(otherRecovery.open(recovery.wrapped, account))).toBe('AUTHENTICATION_FAILED');
  });

  it('a copy for another account opens to a clear refusal, not to its key', async () => {
    const secret = await UnlockSecret.fromRecoveryKey(recovery.recoveryKey);
    expect(await failure(secret.open(recovery.wrapped, 'someoneElse0000000001'))).toBe('WRONG_ACCOUNT');
  });

  it('a cut, altered or foreign copy is refused', async () => {
    const secret = await UnlockSecret.fromRecoveryKey(recovery.recoveryKey);
    const { envelope } = recovery.wrapped;
    const altered = envelope.slice(0, 40) + (envelope[40] === 'A' ? 'B' : 'A') + envelope.slice(41);
    expect(await failure(secret.open({ ...recovery.wrapped, envelope: altered }, account))).toBe(
      'AUTHENTICATION_FAILED',
    );
    expect(await failure(secret.open({ ...recovery.wrapped, envelope: envelope.slice(0, 30) }, account))).toBe(
      'MALFORMED',
    );
    expect(await failure(secret.open({ ...recovery.wrapped, version: 2 as 1 }, account))).toBe('UNSUPPORTED_VERSION');
    expect(await failure(secret.open(passphrase.wrapped, account))).toBe('MALFORMED');
  });

  it('a passphrase is NFC-normalized: the same words typed on two systems open the same copy', async () => {
    const key = AccountKey.generate();
    const salt = passphrase.salt;
    const composed = await UnlockSecret.fromPassphrase('café', salt);
    const decomposed = await UnlockSecret.fromPassphrase('cafe\u0301', salt);
    expect(decomposed.unlockProof).toBe(composed.unlockProof);
    const opened = await decomposed.open(await composed.seal(key, account), account);
    expect(await opened.id()).toBe(await key.id());
  });
});

describe('recovery keys', () => {
  it('read back as a person types them: any case, spaces or no dashes, and the look-alikes', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 37) & 255);
    const text = formatRecoveryKey(bytes);
    expect(text).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(parseRecoveryKey(text)).toEqual(bytes);
    expect(parseRecoveryKey(text.toLowerCase().replaceAll('-', ' '))).toEqual(bytes);
    const lookAlikes = text.replaceAll('1', 'l').replaceAll('0', 'O');
    expect(parseRecoveryKey(lookAlikes)).toEqual(bytes);
  });

  it('one character too few, too many or outside the alphabet is refused, never read as a near key', () => {
    const text = newRecoveryKey();
    for (const typo of [text.slice(0, -1), `${text}A`, `${text.slice(0, -1)}U`]) {
      expect(() => parseRecoveryKey(typo)).toThrow(DecryptError);
    }
  });

  it('are 160 random bits', () => {
    const seen = new Set(Array.from({ length: 50 }, () => createHash('sha256').update(newRecoveryKey()).digest('hex')));
    expect(seen.size).toBe(50);
  });
});
