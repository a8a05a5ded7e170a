import { AccountKey, encryptText } from '@clipsync/shared/crypto';
import { describe, expect, test, vi } from 'vitest';
import { makeClip, OWNER_ABILITIES } from '../test/fixtures';
import { newClipKey } from './clipboard-key/clip-keys';
import { openSealedSend, SEND_PREVIEW_MAX, viewOfSend } from './device-send-preview';

const clip = { id: 'CCCCCCCCCCCCCCCCCCCCCC', content: 'a clip', encrypted: false, files: [] };
const file = { name: 'a.pdf', size: 3, type: 'application/pdf', url: '/api/files/f' };

describe('viewOfSend', () => {
  test('text: its words on one line, the whole text to copy, nothing to open', () => {
    expect(viewOfSend({ text: 'line one\n  line two' })).toEqual({
      preview: { kind: 'text', text: 'line one line two' },
      copyText: 'line one\n  line two',
    });
  });

  test('a long text is cut for the preview only', () => {
    const long = 'x'.repeat(500);
    const view = viewOfSend({ text: long });
    expect(view.preview).toEqual({ kind: 'text', text: `${'x'.repeat(SEND_PREVIEW_MAX - 1)}…` });
    expect(view.copyText).toBe(long);
  });

  test('a clip: its text to copy and the clip to open', () => {
    expect(viewOfSend({ clip })).toEqual({
      preview: { kind: 'text', text: 'a clip' },
      copyText: 'a clip',
      clipId: clip.id,
    });
  });

  test('a clip of files only, or an encrypted one, has nothing to copy but opens', () => {
    expect(viewOfSend({ clip: { ...clip, content: '', files: [file, file] } })).toEqual({
      preview: { kind: 'files', count: 2 },
      clipId: clip.id,
      attachment: { name: 'a.pdf', size: 3, more: 1 },
    });
    expect(viewOfSend({ clip: { ...clip, content: 'v1.envelope', encrypted: true } })).toEqual({
      preview: { kind: 'encrypted' },
      clipId: clip.id,
    });
  });
});

describe('viewOfSend, sealed', () => {
  const envelope = 'djEuZW52ZWxvcGU';
  const wrappedKey = 'w'.repeat(82);

  test('sealed text: its opened words and the opened text to copy, never the envelope', () => {
    expect(viewOfSend({ text: envelope, wrappedKey, opened: { state: 'open', text: 'pin 1234' } })).toEqual({
      preview: { kind: 'text', text: 'pin 1234' },
      copyText: 'pin 1234',
    });
  });

  test('sealed text not opened: locked (also when nothing opened it), or failed; nothing to copy', () => {
    expect(viewOfSend({ text: envelope, wrappedKey, opened: { state: 'locked' } })).toEqual({
      preview: { kind: 'locked' },
    });
    expect(viewOfSend({ text: envelope, wrappedKey })).toEqual({ preview: { kind: 'locked' } });
    expect(viewOfSend({ text: envelope, wrappedKey, opened: { state: 'failed' } })).toEqual({
      preview: { kind: 'sealedFailed' },
    });
  });

  test('a sealed clip opened here: its text to copy and the clip to open, no sealed file named', () => {
    const sealed = { ...clip, content: envelope, encrypted: true, files: [{ ...file, name: 'encrypted' }] };
    expect(viewOfSend({ clip: sealed, opened: { state: 'open', text: 'notes' } })).toEqual({
      preview: { kind: 'text', text: 'notes' },
      copyText: 'notes',
      clipId: clip.id,
    });
    expect(viewOfSend({ clip: sealed, opened: { state: 'open', text: '' } })).toEqual({
      preview: { kind: 'files', count: 1 },
      clipId: clip.id,
    });
    expect(viewOfSend({ clip: sealed, opened: { state: 'failed' } })).toEqual({
      preview: { kind: 'sealedFailed' },
      clipId: clip.id,
    });
  });
});

describe('openSealedSend', () => {
  async function sealedText(text: string) {
    const sealingKey = await AccountKey.generate().sealingKey();
    const { key, wrappedKey } = await newClipKey(sealingKey);
    return { sealingKey, wrappedKey, envelope: await encryptText(text, key) };
  }
  const noClip = () => Promise.reject(new Error('not asked'));

  test("sealed text opens with its wrapped key; locked without the account's key", async () => {
    const { sealingKey, wrappedKey, envelope } = await sealedText('the code is 4711');
    const send = { id: 'S', from: { deviceId: null, name: 'x' }, sentAt: '', text: envelope, wrappedKey };
    expect(await openSealedSend(send, sealingKey, noClip)).toEqual({ state: 'open', text: 'the code is 4711' });
    expect(await openSealedSend(send, null, noClip)).toEqual({ state: 'locked' });
  });

  test("a cut envelope, or another account's key, fails cleanly", async () => {
    const { sealingKey, wrappedKey, envelope } = await sealedText('the code is 4711');
    const send = { id: 'S', from: { deviceId: null, name: 'x' }, sentAt: '', wrappedKey };
    const cut = { ...send, text: envelope.slice(0, -10) };
    expect(await openSealedSend(cut, sealingKey, noClip)).toEqual({ state: 'failed' });
    const otherAccount = await AccountKey.generate().sealingKey();
    expect(await openSealedSend({ ...send, text: envelope }, otherAccount, noClip)).toEqual({ state: 'failed' });
  });

  test("a sent sealed clip opens with its owner's copy's wrapped key; a link-encrypted one is left to its page", async () => {
    const { sealingKey, wrappedKey, envelope } = await sealedText('clip notes');
    const sent = { id: 'C1', content: envelope, encrypted: true, files: [] };
    const send = { id: 'S', from: { deviceId: null, name: 'x' }, sentAt: '', clip: sent };
    const owners = makeClip({ id: 'C1', encrypted: true, content: envelope, wrappedKey, abilities: OWNER_ABILITIES });
    const readClip = vi.fn().mockResolvedValue(owners);
    expect(await openSealedSend(send, sealingKey, readClip)).toEqual({ state: 'open', text: 'clip notes' });
    expect(readClip).toHaveBeenCalledWith('C1');
    const linkOnly = vi.fn().mockResolvedValue({ ...owners, wrappedKey: undefined });
    expect(await openSealedSend(send, sealingKey, linkOnly)).toBeUndefined();
    expect(await openSealedSend(send, sealingKey, () => Promise.reject(new Error('offline')))).toBeUndefined();
    // Locked: nothing is asked, the clip's page says it is locked.
    const notAsked = vi.fn();
    expect(await openSealedSend(send, null, notAsked)).toBeUndefined();
    expect(notAsked).not.toHaveBeenCalled();
  });
});
