import { ADMIN_INVITATION_ENDPOINTS, type AdminInvitation, type PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import { AuthContext } from '../../../session/auth-context';
import { Toaster } from '../../../ui/Toaster';
import InvitationsPage from './InvitationsPage';

const api = fakeApi();
const list = () => api.on(ADMIN_INVITATION_ENDPOINTS.list);
const create = () => api.on(ADMIN_INVITATION_ENDPOINTS.create);
const revoke = () => api.on(ADMIN_INVITATION_ENDPOINTS.revoke);

const admin: PublicUser = { ...testUser, role: 'admin' };
const DAY_MS = 86_400_000;
const pending: AdminInvitation = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  email: 'guest@example.org',
  status: 'pending',
  invitedByEmail: 'admin@example.com',
  sentAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
  expiresAt: '2030-03-01T12:00:00.000Z',
  acceptedAt: null,
  revokedAt: null,
};
const accepted: AdminInvitation = {
  ...pending,
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  email: 'joined@example.org',
  status: 'accepted',
  sentAt: new Date(Date.now() - 3 * DAY_MS).toISOString(),
  acceptedAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(admin)}>
        <MemoryRouter>
          <InvitationsPage />
        </MemoryRouter>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('InvitationsPage', () => {
  setUpPageTests();

  test('lists the invitations with status, sender and expiry; only an open one can be revoked', async () => {
    list().mockResolvedValue({ invitations: [pending, accepted], total: 2 });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Invitations' })).toBeInTheDocument();
    const open = within(await screen.findByRole('listitem', { name: 'guest@example.org' }));
    expect(open.getByText('Pending')).toBeInTheDocument();
    expect(open.getByText(/by admin@example\.com/)).toBeInTheDocument();
    expect(open.getByText(/Expires/)).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Revoke the invitation to guest@example.org' })).toBeInTheDocument();
    const used = within(screen.getByRole('listitem', { name: 'joined@example.org' }));
    expect(used.getByText('Accepted')).toBeInTheDocument();
    expect(used.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(list()).toHaveBeenCalledWith(expect.objectContaining({ query: { limit: '50', offset: '0' } }));
  });

  test('Send invitation mails it, says so and refreshes the list', async () => {
    list().mockResolvedValue({ invitations: [], total: 0 });
    create().mockResolvedValue(pending);
    renderPage();
    expect(await screen.findByText('No invitations here yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'Guest@Example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to guest@example.org')).toBeInTheDocument();
    expect(create()).toHaveBeenCalledWith(expect.objectContaining({ body: { email: 'Guest@Example.org' } }));
    await waitFor(() => expect(list()).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
  });

  test('an address that already has an account is refused in the server’s words', async () => {
    list().mockResolvedValue({ invitations: [], total: 0 });
    create().mockRejectedValue(new ApiError('This address already has an account', 409, 'CONFLICT'));
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'known@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address already has an account');
  });

  test('Revoke asks first: Cancel leaves the invitation alone, confirming ends it and says so', async () => {
    list().mockResolvedValue({ invitations: [pending], total: 1 });
    revoke().mockResolvedValue();
    renderPage();
    const revokeButton = await screen.findByRole('button', { name: 'Revoke the invitation to guest@example.org' });
    await userEvent.click(revokeButton);
    const asked = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(asked).toHaveTextContent('The link sent to guest@example.org stops working at once.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoke()).not.toHaveBeenCalled();

    await userEvent.click(revokeButton);
    const again = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation to guest@example.org revoked')).toBeInTheDocument();
    expect(revoke()).toHaveBeenCalledWith(expect.objectContaining({ params: { id: pending.id } }));
  });

  test('the status filter and the pages are asked of the server', async () => {
    list().mockResolvedValue({ invitations: [pending], total: 120 });
    renderPage();
    await screen.findByRole('listitem', { name: 'guest@example.org' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(list()).toHaveBeenLastCalledWith(expect.objectContaining({ query: { limit: '50', offset: '50' } })),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'expired');
    await waitFor(() =>
      expect(list()).toHaveBeenLastCalledWith(
        expect.objectContaining({ query: { status: 'expired', limit: '50', offset: '0' } }),
      ),
    );
  });
});
