import type { Clip } from '@clipsync/shared';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import { concealedEntry, type ClipboardContent } from '../clipboard/content';
import { ClipboardSync } from './clipboard-sync';

const ENCRYPTED_ID = 'encryptedClipAAAAAAAAA';
const PLAIN_ID = 'plainClipAAAAAAAAAAAAA';
const LATER_ID = 'laterEncryptedClipAAAA';

/** A sync on a fake clipboard; the server's newest clip (asked on reconnecting) is `newest`. */
function syncWith(newest: Partial<Clip> | null) {
  const written: ClipboardContent[] = [];
  const problems: string[] = [];
  const client = { server: 'http://server', call: async () => (newest ? [newest] : []) } as unknown as ApiClient;
  const sync = new ClipboardSync({
    backend: {
      name: 'fake',
      images: true,
      follow: () => async () => undefined,
      write: async (c) => void written.push(c),
    },
    client,
    send: false,
    receive: true,
    activity: () => undefined,
    problem: (message) => problems.push(message),
    concealed: () => undefined,
    fatal: () => undefined,
  });
  sync.observed(null); // the baseline
  return { sync, written, problems };
}

/** A sending sync whose server records the texts it is sent, and how often a skip was told. */
function sendingSync() {
  const sent: string[] = [];
  let skipped = 0;
  const client = {
    server: 'http://server',
    call: async (_endpoint: unknown, request: { body?: { content: string } }) => {
      if (!request.body) return [];
      sent.push(request.body.content);
      return { id: `clip${sent.length}AAAAAAAAAAAAAAAAA` };
    },
  } as unknown as ApiClient;
  const sync = new ClipboardSync({
    backend: { name: 'fake', images: true, follow: () => async () => undefined, write: async () => undefined },
    client,
    send: true,
    receive: true,
    activity: () => undefined,
    problem: (message) => expect.unreachable(message),
    concealed: () => void (skipped += 1),
    fatal: () => undefined,
  });
  sync.observed(null); // the baseline
  return { sync, sent, skipped: () => skipped };
}

describe('watch and end-to-end encrypted clips', () => {
  test('an encrypted clip never lands in the clipboard: its text is an envelope and watch has no key', async () => {
    const sealedImage = { name: 'encrypted', size: 5000, type: 'image/png', url: '/api/files/x/encrypted' };
    const later = { id: LATER_ID, content: 'AQDg4eLj', version: 1, files: [], createdAt: '2026-01-01T00:00:00Z' };
    const { sync, written, problems } = syncWith({ ...later, encrypted: true });
    const created = { version: 1, createdAt: '2026-01-01T00:00:00Z' };

    sync.created({
      ...created,
      clipId: ENCRYPTED_ID,
      content: 'AQCwsbKztLW2t7i5',
      files: [sealedImage],
      encrypted: true,
    });
    sync.updated({ clipId: ENCRYPTED_ID, content: 'AQCwsbKztLW2t7i6', version: 2, files: [], encrypted: true });
    await sync.reconnected();
    sync.created({ ...created, clipId: PLAIN_ID, content: 'plain text', files: [] });

    await vi.waitFor(() => expect(written).toHaveLength(1), { timeout: 10_000 });
    expect(written).toEqual([{ kind: 'text', text: 'plain text' }]);
    expect(problems).toEqual([
      `Clip ${ENCRYPTED_ID} is end-to-end encrypted: not put in the clipboard (open its link)`,
      `Clip ${LATER_ID} is end-to-end encrypted: not put in the clipboard (open its link)`,
    ]);
    await sync.stop();
  });
});

describe('watch and what a password manager marks as secret', () => {
  const text = (value: string): ClipboardContent => ({ kind: 'text', text: value });

  test('a concealed entry is never sent and told once however often it is polled; the next copy is sent', async () => {
    const { sync, sent, skipped } = sendingSync();
    const password = concealedEntry(text('hunter2'));
    for (let poll = 0; poll < 5; poll++) sync.observed(password);
    expect(skipped()).toBe(1);

    sync.observed(concealedEntry(text('the user name')));
    sync.observed(null); // the password manager cleared the clipboard
    sync.observed(text('an ordinary copy'));
    sync.observed(text('an ordinary copy'));
    await vi.waitFor(() => expect(sent).toEqual(['an ordinary copy']));
    sync.observed(password);
    expect(skipped()).toBe(3);
    await sync.stop();
    expect(sent).toEqual(['an ordinary copy']);
  });

  test('its key carries a fingerprint, never the content', () => {
    const entry = concealedEntry(text('hunter2'));
    expect(JSON.stringify(entry)).not.toContain('hunter2');
    expect(entry).toEqual(concealedEntry(text('hunter2')));
    expect(entry).not.toEqual(concealedEntry(text('hunter3')));
  });
});
