import { AccountKey, decryptText, encryptText } from '@clipsync/shared/crypto';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import type { ClipboardContent } from '../clipboard/content';
import { SealedClipboard } from '../sealed/clipboard';
import { ClipboardSync } from './clipboard-sync';
import type { ClipKeys } from './watch-keys';

const clipboardOf = async (key = AccountKey.generate()) =>
  SealedClipboard.of({ server: 'http://server', account: 'a', keyId: await key.id(), key: key.toBase64Url() });

const keysOf = (clipboard: SealedClipboard): ClipKeys => ({
  forSending: () => clipboard,
  sealedNow: async () => clipboard,
  forReading: async () => clipboard,
});

/** A clip-created payload of `text` sealed by `clipboard`. */
async function sealedClip(clipboard: SealedClipboard, clipId: string, text: string) {
  const { key, wrappedKey } = await clipboard.newClipKey();
  const content = await encryptText(text, key);
  return { clipId, content, wrappedKey, encrypted: true, version: 1, files: [], createdAt: '2026-01-01T00:00:00Z' };
}

function syncWith(keys: ClipKeys, call: ApiClient['call'] = (async () => []) as unknown as ApiClient['call']) {
  const written: string[] = [];
  const problems: string[] = [];
  const sync = new ClipboardSync({
    backend: {
      name: 'fake',
      images: true,
      follow: () => async () => undefined,
      write: async (content: ClipboardContent) => void written.push(content.kind === 'text' ? content.text : 'image'),
    },
    client: { server: 'http://server', call } as unknown as ApiClient,
    keys,
    send: true,
    receive: true,
    activity: () => undefined,
    problem: (message) => problems.push(message),
    concealed: () => undefined,
    fatal: () => undefined,
  });
  sync.observed(null); // the baseline
  return { sync, written, problems };
}

describe('watch and a sealed account', () => {
  test('sealed clips land opened, in the order they came, a plain one after them waiting its turn', async () => {
    const clipboard = await clipboardOf();
    const { sync, written, problems } = syncWith(keysOf(clipboard));
    sync.created(await sealedClip(clipboard, 'firstClipAAAAAAAAAAAAA', 'first, sealed'));
    sync.created({ clipId: 'plainClipAAAAAAAAAAAAA', content: 'then plain', version: 1, files: [], createdAt: '' });
    const edited = await sealedClip(clipboard, 'plainClipAAAAAAAAAAAAA', 'then plain, sealed and edited');
    sync.updated({ ...edited, version: 2 });
    await vi.waitFor(() => expect(written).toHaveLength(3));
    expect(written).toEqual(['first, sealed', 'then plain', 'then plain, sealed and edited']);
    expect(problems).toEqual([]);
    await sync.stop();
  });

  test("another account's clip is told for that clip and never written", async () => {
    const { sync, written, problems } = syncWith(keysOf(await clipboardOf()));
    sync.created(await sealedClip(await clipboardOf(), 'foreignClipAAAAAAAAAAA', 'not ours'));
    await vi.waitFor(() => expect(problems).toHaveLength(1));
    expect(problems[0]).toContain(
      "Clip foreignClipAAAAAAAAAAA not put in the clipboard: Clip foreignClipAAAAAAAAAAA does not open with this account's key",
    );
    expect(written).toEqual([]);
    await sync.stop();
  });

  test('a copy is sent sealed: an envelope and its wrapped key, never the text', async () => {
    const clipboard = await clipboardOf();
    const bodies: Array<{ content: string; encrypted?: boolean; wrappedKey?: string }> = [];
    const call = (async (_endpoint: unknown, request: { body?: (typeof bodies)[number] }) => {
      if (!request.body) return [];
      bodies.push(request.body);
      return { id: 'sentClipAAAAAAAAAAAAAA' };
    }) as unknown as ApiClient['call'];
    const { sync } = syncWith(keysOf(clipboard), call);
    sync.observed({ kind: 'text', text: 'copied, to be sealed' });
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const [body] = bodies;
    expect(body).toMatchObject({ encrypted: true, wrappedKey: expect.stringMatching(/^[A-Za-z0-9_-]{82}$/) });
    expect(body!.content).not.toContain('copied');
    expect(await decryptText(body!.content, await clipboard.keyOf(body!.wrappedKey!))).toBe('copied, to be sealed');
    await sync.stop();
  });
});
