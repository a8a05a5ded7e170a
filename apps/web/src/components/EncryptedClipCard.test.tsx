import 'fake-indexeddb/auto';
import type { Clip } from '@clipsync/shared';
import { CLIPBOARD_KEY_ENDPOINTS, ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE } from '@clipsync/shared';
import { AccountKey, encryptText, ShareKey } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { newClipKey } from '../lib/clipboard-key/clip-keys';
import { unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { AuthContext } from '../session/auth-context';
import { fakeApi } from '../test/fake-api';
import { makeClip, OWNER_ABILITIES, testUser } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { ClipGrid } from './ClipGrid';

const clipboard = { writeText: vi.fn() };

const signedIn = {
  status: 'signedIn' as const,
  user: testUser,
  login: async () => undefined,
  logout: async () => undefined,
  checkSession: async () => undefined,
};

/** The grid, seen by its owner when `isSignedIn` (whose clipboard key status the page asks). */
function renderGrid(clips: readonly Clip[], { isSignedIn = false } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={isSignedIn ? signedIn : null}>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/clips', element: <ClipGrid clips={clips} isLoading={false} empty={{ text: 'None' }} /> }],
            { initialEntries: ['/clips'] },
          )}
        />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

async function sealedClip(text: string) {
  const key = ShareKey.generate();
  const file = { id: 'f1', name: ENCRYPTED_FILE_NAME, size: 4200, type: ENCRYPTED_FILE_TYPE, url: '/api/files/f1/x' };
  const clip = makeClip({
    id: 'sealed-card',
    encrypted: true,
    content: await encryptText(text, key),
    files: [file, { ...file, id: 'f2', url: '/api/files/f2/x' }],
    fileName: ENCRYPTED_FILE_NAME,
    fileType: ENCRYPTED_FILE_TYPE,
  });
  return { clip, fragment: key.fragment };
}

describe('An end-to-end encrypted clip in a list', () => {
  setUpPageTests();
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    clipboard.writeText.mockResolvedValue(undefined);
  });
  afterEach(() => localStorage.clear());

  test('shows the "Encrypted" badge and its file count, never its envelope or stored file names', async () => {
    const { clip } = await sealedClip('card secret');
    renderGrid([clip]);
    const card = screen.getByRole('article', { name: 'Encrypted' });
    expect(within(card).getByText('Encrypted')).toBeInTheDocument();
    expect(within(card).getByText('2 encrypted files')).toBeInTheDocument();
    expect(card.textContent).not.toContain(clip.content.slice(0, 20));
    expect(within(card).queryByText(ENCRYPTED_FILE_NAME)).not.toBeInTheDocument();
  });

  test('without the key on this device, Copy is disabled and says why', async () => {
    const { clip } = await sealedClip('card secret');
    renderGrid([clip]);
    const copy = screen.getByRole('button', {
      name: 'Cannot copy: the key to this encrypted clip is not on this device',
    });
    expect(copy).toBeDisabled();
  });

  test("with the owner's key on this device, Copy copies the opened text", async () => {
    const { clip, fragment } = await sealedClip('card secret');
    sealedKeyStore.remember(clip.id, { fragment });
    renderGrid([clip]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(await screen.findAllByText('Copied!')).not.toHaveLength(0);
    expect(clipboard.writeText).toHaveBeenCalledExactlyOnceWith('card secret');
  });

  test('an encrypted clip of files only: Copy copies its link with the key', async () => {
    const { clip, fragment } = await sealedClip('');
    sealedKeyStore.remember(clip.id, { fragment });
    renderGrid([{ ...clip, content: '' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(await screen.findAllByText('Link copied')).not.toHaveLength(0);
    expect(clipboard.writeText).toHaveBeenCalledExactlyOnceWith(
      `${window.location.origin}/clips/${clip.id}#${fragment}`,
    );
  });

  test('Share says the server cannot read it and gives the link with its key when this device has it', async () => {
    const { clip, fragment } = await sealedClip('card secret');
    sealedKeyStore.remember(clip.id, { fragment });
    renderGrid([{ ...clip, abilities: { ...clip.abilities, update: true } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Share clip' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('End-to-end encrypted — the server cannot read this clip')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Clip link' })).toHaveValue(
      `${window.location.origin}/clips/sealed-card#${fragment}`,
    );
  });

  test('without the key, Share says the link with its key was only shown when the clip was made', async () => {
    const { clip } = await sealedClip('card secret');
    renderGrid([clip]);
    await userEvent.click(screen.getByRole('button', { name: 'Share clip' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('only shown when the clip was made');
    expect(within(dialog).queryByRole('textbox', { name: 'Clip link' })).not.toBeInTheDocument();
  });
});

describe("A clip its owner's encrypted clipboard sealed, in a list", () => {
  setUpPageTests();
  const api = fakeApi();
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    clipboard.writeText.mockResolvedValue(undefined);
  });
  afterEach(() => unlockedKeyStore.forgetAll());

  /** A sealed clip of the signed-in owner; `unlocked`: this device holds the account's sealing key. */
  async function sealedByClipboard(text: string, { unlocked }: { unlocked: boolean }) {
    const account = AccountKey.generate();
    const keyId = await account.id();
    const sealingKey = await account.sealingKey();
    api
      .on(CLIPBOARD_KEY_ENDPOINTS.status)
      .mockResolvedValue({ enabled: true, keyId, passphraseSalt: 'c2FsdA', plainClips: 0, sealedClips: 1 });
    if (unlocked) await unlockedKeyStore.keep({ userId: testUser.id, keyId, sealingKey, isRemembered: false });
    const { key, wrappedKey } = await newClipKey(sealingKey);
    const content = await encryptText(text, key);
    return {
      clip: makeClip({ id: 'sealed-3', encrypted: true, wrappedKey, content, abilities: OWNER_ABILITIES }),
      key,
    };
  }

  test('unlocked here: the card shows its text, Copy copies it and Share gives the link with its key', async () => {
    const { clip, key } = await sealedByClipboard('my sealed note', { unlocked: true });
    renderGrid([clip], { isSignedIn: true });
    expect(await screen.findByRole('article', { name: 'my sealed note' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(await screen.findAllByText('Copied!')).not.toHaveLength(0);
    expect(clipboard.writeText).toHaveBeenCalledExactlyOnceWith('my sealed note');
    await userEvent.click(screen.getByRole('button', { name: 'Share clip' }));
    expect(await screen.findByRole('textbox', { name: 'Clip link' })).toHaveValue(
      `${window.location.origin}/clips/sealed-3#${key.fragment}`,
    );
  });

  test('locked here: "Locked" on the card, the way to unlock above the list, and nothing to copy', async () => {
    const { clip } = await sealedByClipboard('my sealed note', { unlocked: false });
    renderGrid([clip], { isSignedIn: true });
    expect(await screen.findByRole('article', { name: 'Locked' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock' })).toHaveAttribute('href', '/settings/privacy');
    expect(
      screen.getByText('Your clipboard is encrypted end to end. Unlock it to read and add clips on this device.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cannot copy/ })).toBeDisabled();
    expect(document.body.textContent).not.toContain('my sealed note');
  });
});
