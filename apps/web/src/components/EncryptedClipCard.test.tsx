import type { Clip } from '@clipsync/shared';
import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE } from '@clipsync/shared';
import { encryptText, ShareKey } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { makeClip } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { ClipGrid } from './ClipGrid';

const clipboard = { writeText: vi.fn() };

function renderGrid(clips: readonly Clip[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [{ path: '/clips', element: <ClipGrid clips={clips} isLoading={false} empty={{ text: 'None' }} /> }],
          { initialEntries: ['/clips'] },
        )}
      />
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
