import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE, type Clip } from '@clipsync/shared';
import { AccountKey, decryptText, ShareKey, unwrapClipKey } from '@clipsync/shared/crypto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { makeClip } from '../../test/fixtures';
import { openSealedFile } from '../sealed-files';
import { sealHistory, type HistorySealingCalls } from './history-sealing';

interface StoredFile {
  id: string;
  name: string;
  type: string;
  bytes: Blob;
}

/** The server's side as the forms reach it: clips, their files' bytes, and each swap done whole. */
function fakeServer(clips: Clip[], files: Record<string, StoredFile[]>) {
  const store = new Map(clips.map((clip) => [clip.id, clip]));
  const filesOf = new Map(Object.entries(files));
  const asClip = (clip: Clip) => ({
    ...clip,
    files: (filesOf.get(clip.id) ?? []).map(({ id, name, type, bytes }) => ({
      id,
      name,
      type,
      size: bytes.size,
      url: `/files/${id}`,
    })),
  });
  const refused = new Set<string>();
  const swap = (id: string, form: FormData, wrappedKey: string | undefined) => {
    if (refused.has(id)) throw new Error('refused');
    const clip = store.get(id)!;
    const parts = (filesOf.get(id) ?? []).map((file) => {
      const part = form.get(file.id) as File;
      return { id: file.id, name: part.name, type: part.type, bytes: part };
    });
    filesOf.set(id, parts);
    const next = { ...clip, content: String(form.get('content')), encrypted: wrappedKey !== undefined, wrappedKey };
    store.set(id, next);
    return asClip(next);
  };
  const calls: HistorySealingCalls = {
    list: async (sealed, limit) =>
      [...store.values()]
        .filter((clip) => (sealed ? clip.wrappedKey !== undefined : !clip.encrypted))
        .slice(0, limit)
        .map(asClip),
    readFile: async (url) => {
      const file = [...filesOf.values()].flat().find((stored) => url === `/files/${stored.id}`)!;
      return file.bytes.stream();
    },
    seal: async (id, form) => swap(id, form, String(form.get('wrappedKey'))),
    unseal: async (id, form) => swap(id, form, undefined),
  };
  return { calls, store, filesOf, refused };
}

/**
 * A browser's File and Blob (with stream()) and the FormData that takes them: jsdom's have neither, Node's (undici's) do;
 * Node's FormData is reached through a Response, as Node exports no other handle on it.
 */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;

describe("sealing the history from the device that turned the clipboard's encryption on", () => {
  beforeEach(() => {
    vi.stubGlobal('File', NodeFile);
    vi.stubGlobal('Blob', NodeBlob);
    vi.stubGlobal('FormData', NodeFormData);
  });

  test('every clip in clear is sealed with its own key, its text and files, then unsealed back as it was', async () => {
    const sealingKey = await AccountKey.generate().sealingKey();
    const clips = [makeClip({ id: 'a', content: 'first secret' }), makeClip({ id: 'b', content: '' })];
    const note = {
      id: 'f1',
      name: 'notes.txt',
      type: 'text/plain',
      bytes: new NodeFile(['file secret'], 'notes.txt') as unknown as Blob,
    };
    const server = fakeServer(clips, { b: [note] });
    const progress: number[] = [];

    expect(await sealHistory('seal', sealingKey, server.calls, { onProgress: (p) => progress.push(p.done) })).toEqual({
      done: 2,
      failed: 0,
    });
    expect(progress).toEqual([1, 2]);
    const a = server.store.get('a')!;
    expect(a).toMatchObject({ encrypted: true, wrappedKey: expect.any(String) });
    expect(a.content).not.toContain('secret');
    const key = new ShareKey(await unwrapClipKey(sealingKey, a.wrappedKey!));
    expect(await decryptText(a.content, key)).toBe('first secret');
    const [sealedFile] = server.filesOf.get('b')!;
    expect(sealedFile).toMatchObject({ name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE });
    const bKey = new ShareKey(await unwrapClipKey(sealingKey, server.store.get('b')!.wrappedKey!));
    const opened = await openSealedFile(sealedFile!.bytes.stream(), bKey);
    expect(opened).toMatchObject({ name: 'notes.txt', type: 'text/plain' });
    expect(await opened.blob.text()).toBe('file secret');

    expect(await sealHistory('unseal', sealingKey, server.calls)).toEqual({ done: 2, failed: 0 });
    expect(server.store.get('a')).toMatchObject({ encrypted: false, content: 'first secret', wrappedKey: undefined });
    const [plainFile] = server.filesOf.get('b')!;
    expect(plainFile).toMatchObject({ name: 'notes.txt', type: 'text/plain' });
    expect(await plainFile!.bytes.text()).toBe('file secret');
  });

  test('a clip the server refuses is skipped and left as it was; the others are sealed and the run ends', async () => {
    const sealingKey = await AccountKey.generate().sealingKey();
    const server = fakeServer([makeClip({ id: 'a', content: 'one' }), makeClip({ id: 'b', content: 'two' })], {});
    server.refused.add('a');
    expect(await sealHistory('seal', sealingKey, server.calls)).toEqual({ done: 1, failed: 1 });
    expect(server.store.get('a')).toMatchObject({ encrypted: false, content: 'one' });
    expect(server.store.get('b')).toMatchObject({ encrypted: true });
  });

  test('stopped (a closed tab), it resumes where it was: what is sealed is no longer listed', async () => {
    const sealingKey = await AccountKey.generate().sealingKey();
    const server = fakeServer(
      ['a', 'b', 'c'].map((id) => makeClip({ id, content: `text ${id}` })),
      {},
    );
    const stop = new AbortController();
    const run = sealHistory('seal', sealingKey, server.calls, {
      signal: stop.signal,
      onProgress: ({ done }) => done === 1 && stop.abort(),
    });
    await expect(run).rejects.toThrow();
    expect([...server.store.values()].filter((clip) => clip.encrypted)).toHaveLength(1);
    expect(await sealHistory('seal', sealingKey, server.calls)).toEqual({ done: 2, failed: 0 });
  });
});
