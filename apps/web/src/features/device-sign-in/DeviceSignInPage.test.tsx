import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DEVICE_SIGN_IN_ENDPOINTS, type DeviceSignInDetails } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import DeviceSignInPage from './DeviceSignInPage';

const api = fakeApi();
const lookUp = () => api.on(DEVICE_SIGN_IN_ENDPOINTS.lookup);
const approve = () => api.on(DEVICE_SIGN_IN_ENDPOINTS.approve);
const deny = () => api.on(DEVICE_SIGN_IN_ENDPOINTS.deny);

const request = {
  userCode: 'BCDF-GHJK',
  clientName: 'clipsync on laptop',
  scopes: ['clips:read', 'clips:write', 'desktop', 'rooms'] as const,
  requestedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 8 * 60_000).toISOString(),
  network: 'same' as const,
};
const answered = (changes: Partial<DeviceSignInDetails> = {}) => ({
  ...request,
  scopes: [...request.scopes],
  ...changes,
});

function renderPage(url = '/device') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <DeviceSignInPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const codeBox = () => screen.getByRole('textbox', { name: 'Code shown on the device' });

describe('DeviceSignInPage', () => {
  setUpPageTests();

  test('a link’s ?code= looks nothing up by itself: the code, large, and whether the device shows it; No refuses it', async () => {
    deny().mockResolvedValue();
    renderPage('/device?code=bcdf-ghjk');
    expect(screen.getByRole('heading', { name: 'Check the code first' })).toBeInTheDocument();
    expect(screen.getByText('BCDF-GHJK')).toBeInTheDocument();
    expect(screen.getByText('Does the device you are signing in show this code?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing was approved.');
    expect(deny()).toHaveBeenCalledWith({ params: {}, query: {}, body: { userCode: 'BCDF-GHJK' } });
    expect(lookUp()).not.toHaveBeenCalled();
    expect(approve()).not.toHaveBeenCalled();
    expect(codeBox()).toHaveValue('');
  });

  test('Yes looks it up: named by the device, the code, when; an unticked scope is left out of the approval', async () => {
    lookUp().mockResolvedValue(answered());
    approve().mockResolvedValue();
    renderPage('/device?code=BCDF-GHJK');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, my device shows this code' }));
    expect(lookUp()).toHaveBeenCalledWith({ params: {}, query: {}, body: { userCode: 'BCDF-GHJK' } });
    expect(await screen.findByRole('heading', { name: 'A device asks to sign in to your account' })).toBeVisible();
    expect(screen.getByText('Named by the device:')).toBeInTheDocument();
    expect(screen.getByText('clipsync on laptop')).toBeInTheDocument();
    expect(screen.getByText('2m ago')).toBeInTheDocument();
    expect(screen.getByText('From the same network as this browser.')).toBeInTheDocument();
    for (const scope of ['Read clips', 'Create and edit clips', 'Virtual desktop', 'Rooms']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(scope) })).toBeChecked();
    }
    expect(screen.getByRole('group', { name: 'It also asks, separately:' })).toHaveTextContent(
      /Virtual desktop.*Rooms/,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Rooms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(approve()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { userCode: 'BCDF-GHJK', scopes: ['clips:read', 'clips:write', 'desktop'] },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Done: clipsync on laptop is signed in.');
  });

  test('a sign-in from another network is a clear warning; with nothing ticked, Approve is off', async () => {
    lookUp().mockResolvedValue(answered({ network: 'different', scopes: ['clips:read'] }));
    renderPage();
    await userEvent.type(codeBox(), 'BCDF-GHJK');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('From a different network than this browser');
    await userEvent.click(screen.getByRole('checkbox', { name: /Read clips/ }));
    expect(screen.getByText('Tick at least one, or deny.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  test('a ?code= that is no code is not shown at all', () => {
    renderPage('/device?code=CALL%20SUPPORT%20AT%20555');
    expect(screen.queryByRole('heading', { name: 'Check the code first' })).not.toBeInTheDocument();
    expect(screen.queryByText(/CALL SUPPORT/)).not.toBeInTheDocument();
    expect(codeBox()).toHaveValue('');
  });

  test('a typed code, then Deny', async () => {
    lookUp().mockResolvedValue(answered());
    deny().mockResolvedValue();
    renderPage();
    expect(lookUp()).not.toHaveBeenCalled();
    await userEvent.type(codeBox(), 'bcdf-ghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(deny()).toHaveBeenCalledWith({ params: {}, query: {}, body: { userCode: 'bcdf-ghjk' } });
    expect(approve()).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('Denied: clipsync on laptop was not signed in.');
  });

  test('an unknown or expired code says so, and too many wrong codes ask to wait', async () => {
    lookUp().mockRejectedValueOnce(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderPage();
    await userEvent.type(codeBox(), 'XXXX-XXXX');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is unknown or has expired.');
    lookUp().mockRejectedValueOnce(new ApiError('Too many', 429, 'RATE_LIMITED'));
    await userEvent.clear(codeBox());
    await userEvent.type(codeBox(), 'BBBB-CCCC');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
