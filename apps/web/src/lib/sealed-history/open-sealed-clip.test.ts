import { AccountKey, decryptText, ShareKey } from '@clipsync/shared/crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from '../../test/fixtures';
import { clipKeyOf, createClipKeyCache } from '../clipboard-key/clip-keys';
import { openSealedClip } from './open-sealed-clip';
import { makeSealedClip } from './sealed-clip-fixtures';

let sealingKey: CryptoKey;
let otherAccountKey: CryptoKey;

beforeAll(async () => {
  sealingKey = await AccountKey.generate().sealingKey();
  otherAccountKey = await AccountKey.generate().sealingKey();
});

/** `text` with one character replaced, so it stays base64url but no longer authenticates. */
const altered = (text: string, at: number) =>
  `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

describe('opening a sealed clip', () => {
  test('its text and its own key come back: the key opens what it sealed, and makes its link', async () => {
    const { clip, key } = await makeSealedClip('the wifi password is hunter2', sealingKey, makeClip());
    const opened = await openSealedClip(clip, sealingKey, createClipKeyCache());
    expect(opened).toMatchObject({ isOpen: true, text: 'the wifi password is hunter2', clip });
    if (!opened.isOpen || !opened.key) throw new Error('not opened');
    expect(opened.key.fragment).toBe(key.fragment);
    expect(await decryptText(clip.content, ShareKey.fromFragment(opened.key.fragment))).toBe(
      'the wifi password is hunter2',
    );
  });

  test('an empty content is an empty text', async () => {
    const { clip } = await makeSealedClip('', sealingKey, makeClip());
    expect(await openSealedClip(clip, sealingKey, createClipKeyCache())).toMatchObject({ isOpen: true, text: '' });
  });

  test('a plain clip (not sealed yet) passes through, its text its content and no key', async () => {
    const clip = makeClip({ content: 'plain words' });
    expect(await openSealedClip(clip, sealingKey)).toEqual({ isOpen: true, clip, text: 'plain words', key: null });
  });

  test('a clip is unwrapped once per page: every opening of it shares one ShareKey', async () => {
    const cache = createClipKeyCache();
    const { clip } = await makeSealedClip('first', sealingKey, makeClip());
    const edited = { ...clip, version: 2, content: (await makeSealedClip('x', sealingKey, makeClip())).clip.content };
    const [a, b] = await Promise.all([
      openSealedClip(clip, sealingKey, cache),
      openSealedClip(clip, sealingKey, cache),
    ]);
    expect(a.isOpen && b.isOpen && a.key).toBe(b.isOpen && b.key);
    expect(await clipKeyOf(sealingKey, clip.wrappedKey!, cache)).toBe(a.isOpen && a.key);
    // The same key with another envelope (not this key's) is still the cached one, and the envelope fails.
    expect(await openSealedClip(edited, sealingKey, cache)).toMatchObject({ isOpen: false });
  });

  test("a key cached for one account never answers for another's sealing key", async () => {
    const cache = createClipKeyCache();
    const { clip } = await makeSealedClip('mine', sealingKey, makeClip());
    expect(await openSealedClip(clip, sealingKey, cache)).toMatchObject({ isOpen: true });
    expect(await openSealedClip(clip, otherAccountKey, cache)).toMatchObject({
      isOpen: false,
      failure: 'AUTHENTICATION_FAILED',
    });
  });

  test('a failed unwrap is not kept: the same wrapped key opens once the right sealing key is used', async () => {
    const cache = createClipKeyCache();
    const { clip } = await makeSealedClip('later', sealingKey, makeClip());
    await expect(clipKeyOf(otherAccountKey, clip.wrappedKey!, cache)).rejects.toMatchObject({
      reason: 'AUTHENTICATION_FAILED',
    });
    await expect(clipKeyOf(otherAccountKey, clip.wrappedKey!, cache)).rejects.toMatchObject({
      reason: 'AUTHENTICATION_FAILED',
    });
    expect(await openSealedClip(clip, sealingKey, cache)).toMatchObject({ isOpen: true, text: 'later' });
  });
});

describe('a clip that does not open is reported, never thrown', () => {
  const sealed = async () => (await makeSealedClip('secret text', sealingKey, makeClip())).clip;

  test.each<[string, (clip: Awaited<ReturnType<typeof sealed>>) => Partial<typeof clip>, string]>([
    ['its wrapped key altered', (clip) => ({ wrappedKey: altered(clip.wrappedKey!, 40) }), 'AUTHENTICATION_FAILED'],
    ['its wrapped key cut', (clip) => ({ wrappedKey: clip.wrappedKey!.slice(0, 60) }), 'MALFORMED'],
    ['its wrapped key not base64url', () => ({ wrappedKey: '!!not a key!!' }), 'MALFORMED'],
    [
      'its wrapped key of a later format',
      (clip) => ({ wrappedKey: `C${clip.wrappedKey!.slice(1)}` }),
      'UNSUPPORTED_VERSION',
    ],
    ['its envelope altered', (clip) => ({ content: altered(clip.content, 30) }), 'AUTHENTICATION_FAILED'],
    [
      // Cut at a whole 4 characters (3 bytes): still base64url, one tag's worth short.
      'its envelope cut',
      (clip) => ({ content: clip.content.slice(0, Math.floor((clip.content.length - 8) / 4) * 4) }),
      'AUTHENTICATION_FAILED',
    ],
    ['its envelope cut to its header', (clip) => ({ content: clip.content.slice(0, 3) }), 'MALFORMED'],
    ['its envelope not base64url', () => ({ content: 'plain text, not an envelope!' }), 'MALFORMED'],
    ['encrypted without a wrapped key (a link-encrypted clip)', () => ({ wrappedKey: undefined }), 'NOT_SEALED'],
  ])('%s', async (_name, change, failure) => {
    const clip = await sealed();
    const damaged = { ...clip, ...change(clip) };
    expect(await openSealedClip(damaged, sealingKey, createClipKeyCache())).toEqual({
      isOpen: false,
      clip: damaged,
      failure,
    });
  });

  test("another clip's envelope under this clip's key does not open", async () => {
    const [a, b] = await Promise.all([sealed(), sealed()]);
    expect(await openSealedClip({ ...a, content: b.content }, sealingKey)).toMatchObject({
      isOpen: false,
      failure: 'AUTHENTICATION_FAILED',
    });
  });

  test("another account's clip does not open", async () => {
    const { clip } = await makeSealedClip('theirs', otherAccountKey, makeClip());
    expect(await openSealedClip(clip, sealingKey)).toMatchObject({ isOpen: false, failure: 'AUTHENTICATION_FAILED' });
  });
});
