import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { clipsApi } from '../../../api/clips-api';
import { fakeApi } from '../../../test/fake-api';
import { makeClip } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { useQuickClip } from './use-quick-clip';

// Uploads go over XMLHttpRequest, which the fake server at fetch does not answer.
vi.mock('../../../api/clips-api', () => ({ clipsApi: { uploadFile: vi.fn() } }));

const api = fakeApi();
const create = () => api.on(CLIP_ENDPOINTS.create);

const dropped = new File(['hi'], 'notes.txt', { type: 'text/plain' });

/** Stands in for the dashboard's paste and drop: 'pasted text', or one dropped file. */
function Paste() {
  const createQuickClip = useQuickClip();
  return (
    <>
      <button onClick={() => void createQuickClip({ text: 'pasted text', files: [] })}>Paste</button>
      <button onClick={() => void createQuickClip({ text: '', files: [dropped] })}>Drop</button>
    </>
  );
}

function renderPaste() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Paste />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

describe('useQuickClip', () => {
  setUpPageTests();

  test('saves the pasted text as a new clip', async () => {
    create().mockResolvedValue(makeClip({ content: 'pasted text' }));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Clip saved successfully')).toBeInTheDocument();
    expect(create()).toHaveBeenCalledExactlyOnceWith({ params: {}, query: {}, body: { content: 'pasted text' } });
    expect(screen.queryByText('Files uploaded successfully')).not.toBeInTheDocument();
  });

  test("a dropped file is attached to the new clip, with 'Files uploaded successfully'", async () => {
    const stored = { id: 'f1', name: 'notes.txt', size: 2, type: 'text/plain', url: '/api/files/f1' };
    create().mockResolvedValue(makeClip());
    vi.mocked(clipsApi.uploadFile).mockResolvedValue({ url: stored.url, file: stored });
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Drop' }));
    expect(await findToast('Clip saved successfully')).toBeInTheDocument();
    expect(await findToast('Files uploaded successfully')).toBeInTheDocument();
    expect(clipsApi.uploadFile).toHaveBeenCalledExactlyOnceWith('clip-1', dropped, undefined);
  });

  test("a save refused without the server's words says 'Failed to save clipboard item'", async () => {
    create().mockRejectedValue(new ApiError('', 502, 'HTTP_ERROR'));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Failed to save clip')).toBeInTheDocument();
    expect(await findToast('Failed to save clipboard item')).toBeInTheDocument();
  });

  test("a save the server refuses in words shows them under 'Failed to save clip'", async () => {
    create().mockRejectedValue(new ApiError('Too many requests', 429, 'RATE_LIMITED'));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Failed to save clip')).toBeInTheDocument();
    expect(await findToast('Too many requests')).toBeInTheDocument();
  });
});
