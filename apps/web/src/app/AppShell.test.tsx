import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { SocketContext, type SocketContextValue } from '../realtime/socket-context';
import type { RealtimeSocket } from '../realtime/socket-client';
import { AuthContext } from '../session/auth-context';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { AppShell } from './AppShell';
import { liveStateOf } from './LiveIndicator';

function renderShell(path: string, socket: Partial<SocketContextValue> = {}) {
  const auth = fakeSession(testUser);
  const realtime: SocketContextValue = {
    socket: {} as RealtimeSocket,
    isConnected: true,
    requestGuestConnection: () => () => undefined,
    ...socket,
  };
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: ['/dashboard', '/clips', '/favorites', '/rooms'].map((page) => ({
          path: page,
          element: <p>{page}</p>,
        })),
      },
      { path: '/auth', element: <p>Auth screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <SocketContext.Provider value={realtime}>
        <RouterProvider router={router} />
        <Toaster />
      </SocketContext.Provider>
    </AuthContext.Provider>,
  );
  return { auth, router };
}

const sidebar = () => within(screen.getByRole('complementary'));

describe('AppShell', () => {
  setUpPageTests();

  test("keeps SPEC's entries, adds All Clips and Favorites, and marks the current page", () => {
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

  test("a failed log out keeps SPEC's 'Logout failed' toast", async () => {
    const { auth } = renderShell('/dashboard');
    vi.mocked(auth.logout).mockRejectedValue(new Error('down'));
    await userEvent.click(sidebar().getByRole('button', { name: 'Open account menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect((await screen.findAllByText('Logout failed'))[0]).toBeInTheDocument();
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
