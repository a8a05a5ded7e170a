import { DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS, SSO_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../api/billing-api';
import { ApiError } from '../api/client';
import { SocketContext, type SocketContextValue } from '../realtime/socket-context';
import { AuthContext } from '../session/auth-context';
import { makeBilling } from '../test/billing-fixtures';
import { makeDevice } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { AppShell } from './AppShell';
import { liveStateOf } from './LiveIndicator';

const api = fakeApi();
const pendingSends = () => api.on(DEVICE_SEND_ENDPOINTS.pending);
const registerDevice = () => api.on(DEVICE_ENDPOINTS.register);

vi.mock('../api/billing-api', () => ({ billingApi: { config: vi.fn(), get: vi.fn() } }));

const paymentsOff = new ApiError('Payments are not configured on this server', 503, 'PAYMENTS_NOT_CONFIGURED');

function renderShell(path: string, socket: Partial<SocketContextValue> = {}) {
  const auth = fakeSession(testUser);
  const realtime: SocketContextValue = {
    socket: new FakeSocket().connect().asSocket(),
    isConnected: true,
    requestGuestConnection: () => () => undefined,
    ...socket,
  };
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          '/dashboard',
          '/clips',
          '/favorites',
          '/rooms',
          '/billing',
          '/settings/tokens',
          '/settings/sso',
          '/devices',
        ].map((page) => ({ path: page, element: <p>{page}</p> })),
      },
      { path: '/auth', element: <p>Auth screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <SocketContext.Provider value={realtime}>
          <RouterProvider router={router} />
          <Toaster />
        </SocketContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { auth, router };
}

const sidebar = () => within(screen.getByRole('complementary'));

describe('AppShell', () => {
  setUpPageTests();
  beforeEach(() => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: true });
    vi.mocked(billingApi.get).mockRejectedValue(paymentsOff);
    registerDevice().mockResolvedValue(makeDevice());
    pendingSends().mockResolvedValue({ sends: [] });
  });

  test('lists the nav entries, All Clips and Favorites included, and marks the current page', () => {
    renderShell('/clips');
    const links = sidebar()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') !== '/');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Clipboards', '/dashboard'],
      ['All Clips', '/clips'],
      ['Favorites', '/favorites'],
      ['Rooms', '/rooms'],
      ['Quick Copy', '/quick-copy'],
      ['Virtual Desktop', '/desktop'],
    ]);
    expect(sidebar().getByRole('link', { name: 'All Clips' })).toHaveAttribute('aria-current', 'page');
    expect(sidebar().getByRole('link', { name: 'Clipboards' })).not.toHaveAttribute('aria-current');
  });

  test('the mobile bottom bar holds the main destinations and the account menu, not a bare Log out', () => {
    renderShell('/dashboard');
    const [, bottomBarElement] = screen.getAllByRole('navigation', { name: 'Main navigation' });
    if (!bottomBarElement) throw new Error('no bottom bar');
    const bottomBar = within(bottomBarElement);
    expect(bottomBar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Clipboards',
      'All Clips',
      'Rooms',
      'Virtual Desktop',
    ]);
    expect(bottomBar.getByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  test('the account menu names the user and logs out to /auth', async () => {
    const { auth, router } = renderShell('/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    const menu = within(screen.getByRole('dialog', { name: testUser.name }));
    expect(menu.getByText(testUser.email)).toBeInTheDocument();
    expect(menu.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(menu.getByRole('button', { name: 'Log out' }));
    expect(auth.logout).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/auth');
  });

  test('the account menu leads to Access tokens, and closes', async () => {
    const { router } = renderShell('/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    const menu = within(screen.getByRole('dialog', { name: testUser.name }));
    await userEvent.click(menu.getByRole('link', { name: 'Access tokens' }));
    expect(router.state.location.pathname).toBe('/settings/tokens');
    expect(screen.queryByRole('dialog', { name: testUser.name })).not.toBeInTheDocument();
  });

  test('on a server with SSO, the account menu leads to its settings', async () => {
    api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: true, buttonText: 'Sign in with SSO', only: false });
    const { router } = renderShell('/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    const menu = within(screen.getByRole('dialog', { name: testUser.name }));
    await userEvent.click(await menu.findByRole('link', { name: 'Sign-in with SSO' }));
    expect(router.state.location.pathname).toBe('/settings/sso');
  });

  test('on a server without SSO, the account menu has no SSO link', async () => {
    api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: false, buttonText: '', only: false });
    renderShell('/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    const menu = within(screen.getByRole('dialog', { name: testUser.name }));
    await waitFor(() => expect(api.on(SSO_ENDPOINTS.settings)).toHaveBeenCalled());
    expect(menu.getByRole('link', { name: 'Access tokens' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Sign-in with SSO' })).not.toBeInTheDocument();
  });

  test('the account menu leads to My devices', async () => {
    const { router } = renderShell('/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    const menu = within(screen.getByRole('dialog', { name: testUser.name }));
    await userEvent.click(menu.getByRole('link', { name: 'My devices' }));
    expect(router.state.location.pathname).toBe('/devices');
  });

  test('a signed-in page registers this browser as a device, once, and asks what waited for it', async () => {
    renderShell('/dashboard');
    await waitFor(() => expect(pendingSends()).toHaveBeenCalledTimes(1));
    expect(registerDevice()).toHaveBeenCalledTimes(1);
    expect(registerDevice()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { name: expect.any(String), kind: 'browser' },
    });
  });

  test("a failed log out shows the 'Logout failed' toast", async () => {
    const { auth } = renderShell('/dashboard');
    vi.mocked(auth.logout).mockRejectedValue(new Error('down'));
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect((await screen.findAllByText('Logout failed'))[0]).toBeInTheDocument();
  });

  test("shows the trial's days left, leading to the billing page", async () => {
    vi.mocked(billingApi.get).mockResolvedValue(makeBilling({ trialDaysLeft: 3 }));
    const { router } = renderShell('/dashboard');
    await userEvent.click(await sidebar().findByRole('link', { name: 'Trial: 3 days left' }));
    expect(router.state.location.pathname).toBe('/billing');
  });

  test('shows the paid plan, in the account menu too', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(
      makeBilling({ plan: 'pro', interval: 'month', status: 'active', trialEndsAt: null, trialDaysLeft: 0 }),
    );
    const { router } = renderShell('/dashboard');
    expect(await sidebar().findByRole('link', { name: 'Pro plan' })).toHaveAttribute('href', '/billing');
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: testUser.name })).getByRole('link', { name: 'Pro plan' }),
    );
    expect(router.state.location.pathname).toBe('/billing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a server without payments shows no plan at all', async () => {
    renderShell('/dashboard');
    await waitFor(() => expect(billingApi.get).toHaveBeenCalled());
    expect(screen.queryByTestId('plan-status')).not.toBeInTheDocument();
  });

  test('a server whose config says payments are off is never asked for the plan (a 503 on every page)', async () => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: false });
    renderShell('/dashboard');
    await waitFor(() => expect(billingApi.config).toHaveBeenCalledOnce());
    await userEvent.click(sidebar().getByRole('link', { name: 'All Clips' }));
    await userEvent.click(sidebar().getByRole('link', { name: 'Rooms' }));
    expect(billingApi.get).not.toHaveBeenCalled();
    expect(billingApi.config).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('plan-status')).not.toBeInTheDocument();
  });

  test('the live indicator follows the socket provider', () => {
    renderShell('/dashboard', { isConnected: false });
    expect(sidebar().getByRole('status', { name: 'Live updates: Reconnecting…' })).toBeInTheDocument();
  });
});

describe('liveStateOf', () => {
  test('connected, reconnecting while the socket retries, offline without network or socket', () => {
    expect(liveStateOf(true, true, true)).toBe('connected');
    expect(liveStateOf(true, false, true)).toBe('reconnecting');
    expect(liveStateOf(true, true, false)).toBe('offline');
    expect(liveStateOf(false, false, true)).toBe('offline');
  });
});
