import type { PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SocketContext } from '../realtime/socket-context';
import { AuthContext } from '../session/auth-context';
import { Toaster } from '../ui/Toaster';
import { FakeSocket } from './fake-socket';
import { fakeSession } from './page-test-setup';

interface LivePage {
  /** The route's pattern (`/desktop/shared/:token`) and the address opened (`/desktop/shared/tok`). */
  path: string;
  url: string;
  element: ReactElement;
  /** Signed in as this user, or signed out with null. */
  user: PublicUser | null;
  /** The socket the page gets: a connected FakeSocket unless the test brings one (a disconnected one, say). */
  socket?: FakeSocket;
}

/**
 * A page as the app shows it, for page tests: its route, a fresh query cache that does not retry, the
 * session, a connected FakeSocket the test can fire server events on, and the toasts.
 */
export function renderLivePage({ path, url, element, user, socket = new FakeSocket().connect() }: LivePage) {
  const requestGuestConnection = vi.fn(() => () => undefined);
  // Any other address is a page of its own that shows nothing: a test may leave the page for it.
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: null },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <SocketContext.Provider value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection }}>
          <RouterProvider router={router} />
        </SocketContext.Provider>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { socket, requestGuestConnection, router };
}
