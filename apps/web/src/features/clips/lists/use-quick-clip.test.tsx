import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { clipsApi } from '../../../api/clips-api';
import { makeClip } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { useQuickClip } from './use-quick-clip';

vi.mock('../../../api/clips-api', () => ({ clipsApi: { create: vi.fn(), uploadFile: vi.fn() } }));

/** Stands in for the dashboard's paste: one button that makes a clip of 'pasted text'. */
function Paste() {
  const createQuickClip = useQuickClip();
  return <button onClick={() => void createQuickClip({ text: 'pasted text', files: [] })}>Paste</button>;
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
    vi.mocked(clipsApi.create).mockResolvedValue(makeClip({ content: 'pasted text' }));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Clip saved successfully')).toBeInTheDocument();
    expect(clipsApi.create).toHaveBeenCalledExactlyOnceWith('pasted text');
  });

  test("a save refused without the server's words says SPEC's 'Failed to save clipboard item'", async () => {
    vi.mocked(clipsApi.create).mockRejectedValue(new ApiError('', 502, 'HTTP_ERROR'));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Failed to save clip')).toBeInTheDocument();
    expect(await findToast('Failed to save clipboard item')).toBeInTheDocument();
  });

  test("a save the server refuses in words shows them under 'Failed to save clip'", async () => {
    vi.mocked(clipsApi.create).mockRejectedValue(new ApiError('Too many requests', 429, 'RATE_LIMITED'));
    renderPaste();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await findToast('Failed to save clip')).toBeInTheDocument();
    expect(await findToast('Too many requests')).toBeInTheDocument();
  });
});
