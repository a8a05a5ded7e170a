import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../api/session-store';
import { AuthContext, type AuthContextValue } from '../session/auth-context';
import { FakeSocket } from '../test/fake-socket';
import type * as SocketClient from './socket-client';
import { useSocket } from './socket-context';
import { SocketProvider } from './SocketProvider';
import { testUser as user } from '../test/fixtures';

const { createRealtimeSocket } = vi.hoisted(() => ({ createRealtimeSocket: vi.fn() }));
vi.mock('./socket-client', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketClient>()),
  createRealtimeSocket,
}));

const created: FakeSocket[] = [];
createRealtimeSocket.mockImplementation(async () => {
  const socket = new FakeSocket();
  created.push(socket);
  return socket.asSocket();
});

const auth = (change: Partial<AuthContextValue>): AuthContextValue => ({
  status: 'signedOut',
  user: null,
  login: vi.fn(),
  logout: vi.fn(),
  checkSession: vi.fn(),
  ...change,
});

function ConnectionStatus({ wantsGuestSocket = false }: { wantsGuestSocket?: boolean }) {
  const { isConnected, requestGuestConnection } = useSocket();
  useEffect(
    () => (wantsGuestSocket ? requestGuestConnection() : undefined),
    [wantsGuestSocket, requestGuestConnection],
  );
  return <p>{isConnected ? 'connected' : 'not connected'}</p>;
}

const withAuth = (value: AuthContextValue, children: ReactNode) => (
  <AuthContext.Provider value={value}>
    <SocketProvider>{children}</SocketProvider>
  </AuthContext.Provider>
);

/** The socket closes as Socket.IO reports it: no longer connected nor trying, with the reason given. */
const dropConnection = (socket: FakeSocket | undefined, reason: string) =>
  act(() => {
    if (!socket) return;
    socket.connected = false;
    socket.active = false;
    socket.fire('disconnect', reason);
  });

describe('SocketProvider', () => {
  afterEach(() => {
    created.length = 0;
    createRealtimeSocket.mockClear();
  });

  test('useSocket outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSocket())).toThrow('useSocket must be used within the SocketProvider');
    vi.mocked(console.error).mockRestore();
  });

  test('a signed-in user gets a connected socket, closed again on sign-out', async () => {
    const view = render(withAuth(auth({ status: 'signedIn', user }), <ConnectionStatus />));
    expect(createRealtimeSocket).toHaveBeenLastCalledWith('user');
    expect(await screen.findByText('connected')).toBeInTheDocument();

    view.rerender(withAuth(auth({ status: 'signedOut' }), <ConnectionStatus />));
    expect(created.at(-1)?.connected).toBe(false);
    expect(screen.getByText('not connected')).toBeInTheDocument();
  });

  test('another user signing in gets a socket of their own', async () => {
    const view = render(withAuth(auth({ status: 'signedIn', user }), <ConnectionStatus />));
    await screen.findByText('connected');
    const first = created.at(-1);
    view.rerender(withAuth(auth({ status: 'signedIn', user: { ...user, id: 'u2' } }), <ConnectionStatus />));
    expect(first?.connected).toBe(false);
    expect(created.at(-1)).not.toBe(first);
    expect(await screen.findByText('connected')).toBeInTheDocument();
    expect(created.at(-1)?.connected).toBe(true);
  });

  test('signed out, no socket opens until a screen asks for a guest one', async () => {
    const view = render(withAuth(auth({ status: 'signedOut' }), <ConnectionStatus />));
    expect(createRealtimeSocket).not.toHaveBeenCalled();
    view.rerender(withAuth(auth({ status: 'signedOut' }), <ConnectionStatus wantsGuestSocket />));
    expect(createRealtimeSocket).toHaveBeenLastCalledWith('guest');
    expect(await screen.findByText('connected')).toBeInTheDocument();
    view.rerender(withAuth(auth({ status: 'signedOut' }), <ConnectionStatus />));
    expect(created.at(-1)?.connected).toBe(false);
  });

  test('nothing connects while the session is still loading', () => {
    render(withAuth(auth({ status: 'loading' }), <ConnectionStatus wantsGuestSocket />));
    expect(createRealtimeSocket).not.toHaveBeenCalled();
  });

  test('a socket the server closed at its token expiry comes back with the fresh stored token', async () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    sessionStore.save(user, { access_token: 'fresh', refresh_token: 'r', expires_at: inAnHour });
    render(withAuth(auth({ status: 'signedIn', user }), <ConnectionStatus />));
    await screen.findByText('connected');
    const socket = created.at(-1);
    dropConnection(socket, 'io server disconnect');
    expect(await screen.findByText('connected')).toBeInTheDocument();
    expect(socket?.connected).toBe(true);
    sessionStore.clear();
  });

  test('a socket closed by the client itself is not reopened', async () => {
    render(withAuth(auth({ status: 'signedIn', user }), <ConnectionStatus />));
    await screen.findByText('connected');
    dropConnection(created.at(-1), 'io client disconnect');
    expect(screen.getByText('not connected')).toBeInTheDocument();
  });

  test('the server saying the account was disabled ends the session with that reason', async () => {
    render(withAuth(auth({ status: 'signedIn', user }), <ConnectionStatus />));
    await screen.findByText('connected');
    const ended: unknown[] = [];
    const onEnded = (event: Event) => ended.push((event as CustomEvent).detail);
    window.addEventListener('auth:session-expired', onEnded);
    act(() => created.at(-1)?.fire('account:disabled'));
    expect(ended).toEqual([{ code: 'ACCOUNT_DISABLED' }]);
    window.removeEventListener('auth:session-expired', onEnded);
  });
});
