import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { tokensApi } from '../../api/tokens-api';
import { setUpPageTests } from '../../test/page-test-setup';
import DevicePage from './DevicePage';

vi.mock('../../api/tokens-api', () => ({
  tokensApi: { lookUpDevice: vi.fn(), approveDevice: vi.fn(), denyDevice: vi.fn(), list: vi.fn() },
}));

const request = {
  userCode: 'BCDF-GHJK',
  clientName: 'clipsync on laptop',
  scopes: ['clips:read', 'desktop'] as const,
  expiresAt: '2026-11-25T12:10:00.000Z',
};

function renderPage(url = '/device') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <DevicePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DevicePage', () => {
  setUpPageTests();

  test('?code= is prefilled and looked up: the client and the scopes it asks, then Approve', async () => {
    vi.mocked(tokensApi.lookUpDevice).mockResolvedValue({ ...request, scopes: [...request.scopes] });
    vi.mocked(tokensApi.approveDevice).mockResolvedValue();
    renderPage('/device?code=BCDF-GHJK');
    expect(screen.getByRole('textbox', { name: 'Code shown on the device' })).toHaveValue('BCDF-GHJK');
    expect(
      await screen.findByRole('heading', { name: 'clipsync on laptop asks to use your account to:' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Read clips')).toBeInTheDocument();
    expect(screen.getByText('Virtual desktop')).toBeInTheDocument();
    expect(tokensApi.lookUpDevice).toHaveBeenCalledWith('BCDF-GHJK');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(tokensApi.approveDevice).toHaveBeenCalledWith('BCDF-GHJK');
    expect(await screen.findByRole('status')).toHaveTextContent('Done: clipsync on laptop is signed in.');
  });

  test('a typed code, then Deny', async () => {
    vi.mocked(tokensApi.lookUpDevice).mockResolvedValue({ ...request, scopes: [...request.scopes] });
    vi.mocked(tokensApi.denyDevice).mockResolvedValue();
    renderPage();
    expect(tokensApi.lookUpDevice).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Code shown on the device' }), 'bcdf-ghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(tokensApi.denyDevice).toHaveBeenCalledWith('bcdf-ghjk');
    expect(tokensApi.approveDevice).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('Denied: clipsync on laptop was not signed in.');
  });

  test('an unknown or expired code says so, and too many wrong codes ask to wait', async () => {
    vi.mocked(tokensApi.lookUpDevice).mockRejectedValueOnce(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderPage('/device?code=XXXX-XXXX');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is unknown or has expired.');
    vi.mocked(tokensApi.lookUpDevice).mockRejectedValueOnce(new ApiError('Too many', 429, 'RATE_LIMITED'));
    const input = screen.getByRole('textbox', { name: 'Code shown on the device' });
    await userEvent.clear(input);
    await userEvent.type(input, 'BBBB-CCCC');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
