import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner';
import { SKIP_WAITING_MESSAGE, updatePrompt } from './update-prompt';
import { UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  act(() => updatePrompt.offer(null));
  vi.restoreAllMocks();
});

describe('UpdatePrompt', () => {
  test('says nothing until a new version waits, then offers to reload into it', async () => {
    const container = { addEventListener: vi.fn() };
    render(<UpdatePrompt container={container} />);
    expect(screen.queryByText('Update available — reload')).not.toBeInTheDocument();
    const worker = { state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() };
    act(() => updatePrompt.offer(worker));
    expect(screen.getByRole('status')).toHaveTextContent('Update available — reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(container.addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function), { once: true });
  });
});

describe('OfflineBanner', () => {
  test('says the app is offline while the device has no network', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
