import {
  ADMIN_OVERVIEW_ENDPOINTS,
  ADMIN_USER_ENDPOINTS,
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  MODERATION_ENDPOINTS,
  TOKEN_ENDPOINTS,
  type PublicUser,
} from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../api/billing-api';
import { ApiError } from '../api/client';
import { SocketContext } from '../realtime/socket-context';
import { AuthContext } from '../session/auth-context';
import { makeDevice } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { routes } from './router';

const api = fakeApi();
// The account menu shows the plan (billing) and the live connection (socket): stood in, payments off.
vi.mock('../api/billing-api', () => ({ billingApi: { config: vi.fn(), get: vi.fn() } }));
const LAZY = { timeout: 5_000 };
const admin: PublicUser = { ...testUser, role: 'admin', name: 'Ada' };

/** The app's own route table, so the guard, the frame and the account menu are the ones users get. */
function renderConsole(user: PublicUser | null, url = '/admin') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const realtime = {
    socket: new FakeSocket().connect().asSocket(),
    isConnected: true,
    requestGuestConnection: () => () => undefined,
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <SocketContext.Provider value={realtime}>
          <RouterProvider router={router} />
        </SocketContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('the admin console frame', () => {
  setUpPageTests();
  beforeEach(() => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: false });
    vi.mocked(billingApi.get).mockRejectedValue(
      new ApiError('Payments are not configured', 503, 'PAYMENTS_NOT_CONFIGURED'),
    );
    // What the signed-in frame asks on every page: this browser as a device, and sends waiting for it.
    api.on(DEVICE_ENDPOINTS.register).mockResolvedValue(makeDevice());
    api.on(DEVICE_SEND_ENDPOINTS.pending).mockResolvedValue({ sends: [] });
    api.on(TOKEN_ENDPOINTS.list).mockResolvedValue({ tokens: [] });
  });

  test('an admin gets the console: its six sections, on Users', async () => {
    api.on(ADMIN_USER_ENDPOINTS.list).mockResolvedValue({ users: [], total: 0, isTotalCapped: false });
    renderConsole(admin, '/admin/users');
    // The real route table loads its pages lazily: slow on a loaded machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, LAZY)).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Admin console sections' }));
    expect(sections.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Users',
      'Invitations',
      'Reports',
      'Audit log',
      'Settings',
    ]);
    expect(sections.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  test('a signed-in non-admin sees the not-found page, nothing of the console, and asks the server nothing', async () => {
    renderConsole(testUser, '/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin console sections' })).not.toBeInTheDocument();
    expect(api.on(ADMIN_USER_ENDPOINTS.list)).not.toHaveBeenCalled();
  });

  test('a signed-out visitor goes to sign-in', async () => {
    const router = renderConsole(null, '/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), LAZY);
  });

  test('the account menu shows Admin to admins only', async () => {
    renderConsole(testUser, '/settings/tokens');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Open account menu' }, LAZY))[0]!);
    expect(await screen.findByRole('link', { name: 'My devices' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(api.on(MODERATION_ENDPOINTS.list)).not.toHaveBeenCalled();
  });

  test('the open reports are counted on the account menu, its Admin entry and the Reports tab', async () => {
    api.on(ADMIN_USER_ENDPOINTS.list).mockResolvedValue({ users: [], total: 0, isTotalCapped: false });
    api.on(MODERATION_ENDPOINTS.list).mockResolvedValue({ items: [], total: 2 });
    renderConsole(admin, '/admin/users');
    const sections = within(await screen.findByRole('navigation', { name: 'Admin console sections' }, LAZY));
    const reportsTab = sections.getByRole('link', { name: 'Reports' });
    await waitFor(() => expect(reportsTab).toHaveAccessibleDescription('2 open reports'), LAZY);
    expect(within(reportsTab).getByTestId('open-reports-badge')).toHaveTextContent('2');
    const [trigger] = screen.getAllByRole('button', { name: 'Open account menu' });
    expect(trigger).toHaveAccessibleDescription('2 open reports');
    await userEvent.click(trigger!);
    const entry = await screen.findByRole('link', { name: 'Admin' });
    expect(entry).toHaveAccessibleDescription('2 open reports');
    expect(within(entry).getByTestId('open-reports-badge')).toHaveTextContent('2');
  });

  test('an admin opens the console from the account menu, on its Overview', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockRejectedValue(new ApiError('Server error', 500, 'INTERNAL'));
    const router = renderConsole(admin, '/settings/tokens');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Open account menu' }, LAZY))[0]!);
    await userEvent.click(await screen.findByRole('link', { name: 'Admin' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
