import { NETWORK_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { toastStore } from '../ui/toast-store';
import { Toaster } from '../ui/Toaster';
import { ShareClipDialog } from './ShareClipDialog';
import { fakeApi } from '../test/fake-api';

const api = fakeApi();
const shareOrigins = () => api.on(NETWORK_ENDPOINTS.shareOrigins);

vi.mock('../lib/browser-files', () => ({ copyText: vi.fn().mockResolvedValue(undefined) }));
// The QR code's encoded text is not readable from its SVG: the stand-in shows what it was given.
vi.mock('qrcode.react', () => ({
  QRCodeSVG: (props: { value: string; 'aria-label': string }) => (
    <svg role="img" aria-label={props['aria-label']} data-value={props.value} />
  ),
}));

/** Vitest's jsdom environment exposes its JSDOM instance: the page's address can be changed. */
const { jsdom } = globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } };
const openPageAt = (url: string) => jsdom.reconfigure({ url });

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ShareClipDialog clipId="clip-1" onOpenChange={vi.fn()} />
    </QueryClientProvider>,
  );
}

const linkField = () => screen.getByRole('textbox', { name: 'Clip link' });
const qrValue = () => screen.getByRole('img', { name: 'QR code of the clip link' }).getAttribute('data-value');
const LAN_NOTE =
  "This link uses your computer's network address (192.168.1.20) so phones and other devices on the same network can open it.";

describe('ShareClipDialog', () => {
  afterEach(() => {
    openPageAt('http://localhost:3000/');
    vi.clearAllMocks();
  });

  test('opened at localhost, the link and QR code use the machine’s LAN address, and a note says why', async () => {
    shareOrigins().mockResolvedValue({
      origins: ['http://192.168.1.20:3000', 'http://172.17.0.1:3000'],
    });
    openPageAt('http://localhost:3000/dashboard');
    renderDialog();
    expect(await screen.findByText(LAN_NOTE)).toBeInTheDocument();
    expect(linkField()).toHaveValue('http://192.168.1.20:3000/clips/clip-1');
    expect(qrValue()).toBe('http://192.168.1.20:3000/clips/clip-1');
  });

  test('at 127.0.0.1 too; with no LAN origin offered (PUBLIC_URL set) the page’s own link stays, without a note', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    openPageAt('http://127.0.0.1:3000/');
    renderDialog();
    await waitFor(() => expect(shareOrigins()).toHaveBeenCalled());
    expect(linkField()).toHaveValue('http://127.0.0.1:3000/clips/clip-1');
    expect(qrValue()).toBe('http://127.0.0.1:3000/clips/clip-1');
    expect(screen.queryByText(/network address/)).not.toBeInTheDocument();
  });

  test('opened at a network address, the link is the page’s own and the server is not asked', () => {
    openPageAt('http://192.168.1.20:3000/dashboard');
    renderDialog();
    expect(linkField()).toHaveValue('http://192.168.1.20:3000/clips/clip-1');
    expect(qrValue()).toBe('http://192.168.1.20:3000/clips/clip-1');
    expect(screen.queryByText(/network address/)).not.toBeInTheDocument();
    expect(shareOrigins()).not.toHaveBeenCalled();
  });
});

describe('ShareClipDialog and a toast', () => {
  afterEach(() => {
    vi.clearAllMocks();
    toastStore.getToasts().forEach((toast) => toastStore.dismiss(toast.id));
  });

  test('Escape closes the dialog while the copy toast shows; the toast stays', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareClipDialog clipId="clip-1" onOpenChange={onOpenChange} />
        <Toaster />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect((await screen.findAllByText('Link copied'))[0]).toBeVisible();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
    expect(screen.getAllByText('Link copied')[0]).toBeInTheDocument();
  });
});
