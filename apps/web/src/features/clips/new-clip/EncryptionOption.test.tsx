import {
  CLIP_ENDPOINTS,
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  MAX_UPLOAD_BYTES,
  type ClipFile,
} from '@clipsync/shared';
import { decryptFile, decryptText, ShareKey } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clipsApi } from '../../../api/clips-api';
import { sealedKeyStore } from '../../../lib/sealed-key-store';
import { AuthContext } from '../../../session/auth-context';
import { answerClipboardKeyOff } from '../../../test/clipboard-key-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { makeClip, testUser as user } from '../../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import NewClipPage from './NewClipPage';

// Uploads go over XMLHttpRequest, which the fake server at fetch does not answer.
vi.mock('../../../api/clips-api', () => ({ clipsApi: { uploadFile: vi.fn() } }));

const api = fakeApi();
beforeEach(() => answerClipboardKeyOff(api));
const create = () => api.on(CLIP_ENDPOINTS.create);
const update = () => api.on(CLIP_ENDPOINTS.update);
const remove = () => api.on(CLIP_ENDPOINTS.remove);

const draft = makeClip({ id: 'draft-1' });
const encrypted = makeClip({ id: 'sealed-1', encrypted: true });

/** jsdom's File has no stream(): the browser's is stood in for with the same bytes. */
function streamableFile(text: string, name: string, type: string): File {
  const file = new File([text], name, { type });
  const bytes = new TextEncoder().encode(text);
  Object.defineProperty(file, 'stream', {
    value: () => new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }),
  });
  return file;
}

function ClipAddress() {
  return (
    <p>
      Clip page {useParams().clipId} {useLocation().hash}
    </p>
  );
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={fakeSession(user)}>
        <RouterProvider
          router={createMemoryRouter(
            [
              { path: '/new-clip', element: <NewClipPage /> },
              { path: '/clips/:clipId', element: <ClipAddress /> },
            ],
            { initialEntries: ['/new-clip'] },
          )}
        />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
/** Sealing with a password runs PBKDF2 (600 000 rounds): seconds on a loaded machine, not the default 1 s. */
const SEALING = { timeout: 10_000 };

describe('New clip, end-to-end encrypted', () => {
  setUpPageTests();
  // The unencrypted draft goes once the encrypted clip replaces it.
  beforeEach(() => {
    remove().mockResolvedValue(undefined);
  });

  test('the option is off by default; ticked, it offers an optional password', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    // Offered once the draft exists (after the clipboard's key status: this account's is off).
    await screen.findByRole('button', { name: 'Save Clip' });
    const option = screen.getByRole('checkbox', { name: 'End-to-end encrypted' });
    expect(option).not.toBeChecked();
    expect(screen.queryByLabelText('Password (optional)')).not.toBeInTheDocument();
    await userEvent.click(option);
    expect(screen.getByLabelText('Password (optional)')).toHaveAttribute('type', 'password');
  });

  test('Save seals the text and files with a new key, kept on this device, and opens the link with it', async () => {
    create().mockImplementation(async ({ body }) =>
      body.encrypted ? { ...encrypted, content: body.content ?? '' } : draft,
    );
    const stored: ClipFile = { id: 'f1', name: ENCRYPTED_FILE_NAME, size: 1, type: ENCRYPTED_FILE_TYPE, url: '/f1' };
    vi.mocked(clipsApi.uploadFile).mockImplementation(async (_id, _file, onProgress) => {
      onProgress?.(1);
      return { url: stored.url, file: stored };
    });
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    await userEvent.type(screen.getByLabelText('Clip content'), 'the secret');
    await userEvent.upload(screen.getByLabelText('Upload File'), [
      streamableFile('file body', 'plan.txt', 'text/plain'),
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'End-to-end encrypted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Clip' }));

    const address = await screen.findByText(/^Clip page sealed-1 #k=/, {}, SEALING);
    const fragment = address.textContent!.split(' ').at(-1)!;
    expect(sealedKeyStore.get('sealed-1')).toEqual({ fragment: fragment.slice(1) });
    const key = ShareKey.fromFragment(fragment);

    // The clip is made anew, encrypted, holding only the envelope; the unencrypted draft goes.
    const [{ body: made }] = create().mock.calls.at(-1)!;
    const { content: envelope, ...options } = made;
    expect(options).toEqual({ encrypted: true });
    expect(envelope).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(envelope).not.toContain('secret');
    expect(await decryptText(envelope!, key)).toBe('the secret');
    expect(update()).not.toHaveBeenCalled();
    expect(remove()).toHaveBeenCalledWith({ params: { id: 'draft-1' }, query: {}, body: undefined });

    // The file leaves as ciphertext under the neutral name and type; its own travel sealed inside it.
    const [clipId, sent] = vi.mocked(clipsApi.uploadFile).mock.calls[0]!;
    expect(clipId).toBe('sealed-1');
    expect(sent.name).toBe(ENCRYPTED_FILE_NAME);
    expect(sent.type).toBe(ENCRYPTED_FILE_TYPE);
    const sealed = new Uint8Array(await sent.arrayBuffer());
    const opened = await decryptFile([sealed], key);
    expect(opened.metadata).toEqual({ name: 'plan.txt', type: 'text/plain' });
    const parts: Uint8Array[] = [];
    for await (const part of opened.content) parts.push(part);
    expect(new TextDecoder().decode(Buffer.concat(parts))).toBe('file body');
  });

  test('a password is mixed into the key and kept with it for the owner', async () => {
    create().mockImplementation(async ({ body }) =>
      body.encrypted ? { ...encrypted, content: body.content ?? '' } : draft,
    );
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    await userEvent.type(screen.getByLabelText('Clip content'), 'pw text');
    await userEvent.click(screen.getByRole('checkbox', { name: 'End-to-end encrypted' }));
    await userEvent.type(screen.getByLabelText('Password (optional)'), 'hunter2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Clip' }));

    await screen.findByText(/^Clip page sealed-1 #k=/, {}, SEALING);
    const kept = sealedKeyStore.get('sealed-1')!;
    expect(kept.password).toBe('hunter2');
    const envelope = create().mock.calls.at(-1)![0].body.content!;
    await expect(decryptText(envelope, ShareKey.fromFragment(kept.fragment))).rejects.toThrow();
    expect(await decryptText(envelope, ShareKey.fromFragment(kept.fragment, { password: 'hunter2' }))).toBe('pw text');
  });

  test('a file that passes 10 MB only once sealed is refused before it is sealed or sent, saying why', async () => {
    create().mockImplementation(async ({ body }) =>
      body.encrypted ? { ...encrypted, content: body.content ?? '' } : draft,
    );
    const file = new File(['x'], 'full.bin', { type: 'application/octet-stream' });
    Object.defineProperty(file, 'size', { value: MAX_UPLOAD_BYTES });
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    await userEvent.upload(screen.getByLabelText('Upload File'), [file]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'End-to-end encrypted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Failed to upload files')).toBeInTheDocument();
    expect(
      await findToast('A file is over 10 MB once encrypted (encryption adds about 6.5 KB to a 10 MB file).'),
    ).toBeInTheDocument();
    expect(clipsApi.uploadFile).not.toHaveBeenCalled();
  });

  test('a text whose envelope would pass 1 000 000 characters is refused before anything is sent', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    fireEvent.change(screen.getByLabelText('Clip content'), { target: { value: 'x'.repeat(749_971) } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'End-to-end encrypted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Too long to encrypt')).toBeInTheDocument();
    expect(await findToast('An end-to-end encrypted clip holds at most 749,970 bytes of text.')).toBeInTheDocument();
    expect(create()).toHaveBeenCalledOnce();
  });
});
