import type { PublicUser } from '@clipsync/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { AuthContext, useAuth, type AuthContextValue } from '../session/auth-context';
import { setUpPageTests } from '../test/page-test-setup';
import { ProtectedRoute, PublicRoute } from './guards';

const user: PublicUser = {
  id: 'u1',
  email: 'new@example.com',
  name: 'New',
  emailConfirmedAt: null,
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
};

/** A session that signs in when asked to, as the real provider does after a login. */
function SignInOnLogin({ children }: { children: ReactNode }) {
  const [isSignedIn, setIsSignedIn] = useState(false);
  const session: AuthContextValue = {
    status: isSignedIn ? 'signedIn' : 'signedOut',
    user: isSignedIn ? user : null,
    login: async () => setIsSignedIn(true),
    logout: vi.fn(),
    checkSession: vi.fn(),
  };
  return <AuthContext.Provider value={session}>{children}</AuthContext.Provider>;
}

function SignInPage() {
  const { login } = useAuth();
  return (
    <button type="button" onClick={() => void login({ email: user.email, password: 'secret-password' })}>
      Login
    </button>
  );
}

function LinkPage() {
  return <p>Spending link {useParams().token}</p>;
}

describe('guards', () => {
  setUpPageTests();

  test.each(['/rooms/invite/tok-123', '/rooms/join/share-abc'])(
    'a signed-out visitor opening %s signs in and lands back on the link',
    async (link) => {
      const router = createMemoryRouter(
        [
          { element: <PublicRoute />, children: [{ path: '/auth', element: <SignInPage /> }] },
          {
            element: <ProtectedRoute />,
            children: [
              { path: '/rooms/join/:token', element: <LinkPage /> },
              { path: '/rooms/invite/:token', element: <LinkPage /> },
            ],
          },
        ],
        { initialEntries: [link] },
      );
      render(
        <SignInOnLogin>
          <RouterProvider router={router} />
        </SignInOnLogin>,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
      expect(await screen.findByText(`Spending link ${link.split('/').pop()}`)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(link);
    },
  );

  test('the fragment comes back too: a share’s claim link lives in it', async () => {
    const router = createMemoryRouter(
      [
        { element: <PublicRoute />, children: [{ path: '/auth', element: <SignInPage /> }] },
        { element: <ProtectedRoute />, children: [{ path: '/share', element: <p>Share page</p> }] },
      ],
      { initialEntries: ['/share#claim=abc'] },
    );
    render(
      <SignInOnLogin>
        <RouterProvider router={router} />
      </SignInOnLogin>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Share page')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#claim=abc');
  });
});
