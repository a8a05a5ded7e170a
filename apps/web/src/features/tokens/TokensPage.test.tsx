import { TOKEN_ENDPOINTS, type CreatedToken, type PublicUser, type TokenSummary } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { copyText } from '../../lib/browser-files';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { AuthContext } from '../../session/auth-context';
import { Toaster } from '../../ui/Toaster';
import TokensPage from './TokensPage';

const api = fakeApi();
const list = () => api.on(TOKEN_ENDPOINTS.list);
const create = () => api.on(TOKEN_ENDPOINTS.create);
const revoke = () => api.on(TOKEN_ENDPOINTS.revoke);

vi.mock('../../lib/browser-files', () => ({ copyText: vi.fn() }));

const laptop: TokenSummary = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'work laptop',
  scopes: ['clips:read', 'clips:write'],
  source: 'device',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  expiresAt: null,
  lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastUsedClient: 'clipsync CLI',
};
const script: TokenSummary = {
  ...laptop,
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  name: 'backup script',
  scopes: ['rooms'],
  source: 'manual',
  expiresAt: '2027-02-01T12:00:00.000Z',
  lastUsedAt: null,
  lastUsedClient: null,
};

function renderPage(user: PublicUser = testUser) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <MemoryRouter>
          <TokensPage />
        </MemoryRouter>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('TokensPage', () => {
  setUpPageTests();

  test('lists tokens with their scopes, device origin and last use (time and client), never the token', async () => {
    list().mockResolvedValue({ tokens: [laptop, script] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Access tokens' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My devices' })).toHaveAttribute('href', '/devices');
    const device = within(await screen.findByRole('listitem', { name: 'work laptop' }));
    expect(device.getByText('Device sign-in')).toBeInTheDocument();
    expect(device.getByText('Read clips, Create and edit clips')).toBeInTheDocument();
    expect(device.getByTestId('token-last-used')).toHaveTextContent('Last used 5m ago · clipsync CLI');
    const manual = within(screen.getByRole('listitem', { name: 'backup script' }));
    expect(manual.getByTestId('token-last-used')).toHaveTextContent('Never used');
    expect(manual.queryByText('Device sign-in')).not.toBeInTheDocument();
  });

  test('Create token: scopes as checkboxes (one required), the token shown once with Copy', async () => {
    list().mockResolvedValue({ tokens: [] });
    const created: CreatedToken = { ...script, name: 'CI', scopes: ['clips:read'], token: 'csp_abc123' };
    create().mockResolvedValue(created);
    vi.mocked(copyText).mockResolvedValue();
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one scope.');
    expect(create()).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: /Read clips/ }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'Never expires');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(create()).toHaveBeenCalledWith({ params: {}, query: {}, body: { name: 'CI', scopes: ['clips:read'] } });
    expect(await screen.findByTestId('new-token')).toHaveTextContent('csp_abc123');
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledWith('csp_abc123');
    expect(await screen.findByText('Token copied')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-token')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeInTheDocument();
  });

  test('Revoke revokes the token and the list is asked again; a failure says so', async () => {
    list()
      .mockResolvedValueOnce({ tokens: [laptop] })
      .mockResolvedValue({ tokens: [] });
    revoke().mockResolvedValue();
    renderPage();
    const row = within(await screen.findByRole('listitem', { name: 'work laptop' }));
    await userEvent.click(row.getByRole('button', { name: 'Revoke' }));
    expect(revoke()).toHaveBeenCalledWith({ params: { id: laptop.id }, query: {} });
    expect(await screen.findByText('work laptop revoked')).toBeInTheDocument();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
  });

  test('a failed revocation is told in a toast', async () => {
    list().mockResolvedValue({ tokens: [laptop] });
    revoke().mockRejectedValue(new ApiError('Server error', 500, 'INTERNAL'));
    renderPage();
    const row = within(await screen.findByRole('listitem', { name: 'work laptop' }));
    await userEvent.click(row.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Could not revoke the token')).toBeInTheDocument();
  });

  test('the admin scope is offered to admins only (the server refuses it to anyone else)', async () => {
    list().mockResolvedValue({ tokens: [] });
    renderPage();
    await screen.findByRole('checkbox', { name: /Read clips/ });
    expect(screen.queryByRole('checkbox', { name: /Admin console/ })).not.toBeInTheDocument();
  });

  test('an admin may tick the admin scope', async () => {
    list().mockResolvedValue({ tokens: [] });
    renderPage({ ...testUser, role: 'admin' });
    expect(await screen.findByRole('checkbox', { name: /Admin console/ })).toBeInTheDocument();
  });
});
