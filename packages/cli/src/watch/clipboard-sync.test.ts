import type { Clip } from '@clipsync/shared';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import type { ClipboardContent } from '../clipboard/content';
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
    fatal: () => undefined,
  });
  sync.observed(null); // the baseline
  return { sync, written, problems };
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
