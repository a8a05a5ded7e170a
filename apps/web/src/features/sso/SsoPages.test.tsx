import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { sessionStore } from '../../api/session-store';
import { redirectTo } from '../../lib/redirect';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import SsoCompletePage from './SsoCompletePage';
import SsoErrorPage from './SsoErrorPage';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const api = fakeApi();
const USER = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailConfirmedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'user' as const,
};

function renderAt(path: string, url: string) {
  window.history.replaceState(null, '', url);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/auth/sso', element: <SsoCompletePage /> },
            { path: '/auth/sso-error', element: <SsoErrorPage /> },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );
}

describe('SsoErrorPage', () => {
  setUpPageTests();

  test('each refusal is said in words, with the way back to sign-in', async () => {
    renderAt('/auth/sso-error?code=email_in_use', '/auth/sso-error?code=email_in_use');
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'An account with a password already uses this e-mail address. Sign in with your password, then link SSO under Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  test('a disabled account is told so', async () => {
    renderAt('/auth/sso-error?code=account_disabled', '/auth/sso-error?code=account_disabled');
    expect(await screen.findByText('This account is disabled')).toBeInTheDocument();
  });

  test('a code the page does not know is never shown as given', async () => {
    renderAt('/auth/sso-error?code=%3Cb%3Ehi%3C/b%3E', '/auth/sso-error');
    expect(await screen.findByText('The sign-in was refused. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/hi/)).not.toBeInTheDocument();
  });
});

describe('SsoCompletePage', () => {
  setUpPageTests();

  test("the fragment's token becomes this browser's session, then the app opens where the sign-in began", async () => {
    api
      .on(AUTH_ENDPOINTS.refresh)
      .mockResolvedValue({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 2_000_000_000 });
    api.on(AUTH_ENDPOINTS.me).mockResolvedValue({ user: USER });
    renderAt('/auth/sso', '/auth/sso#refresh_token=r1&return_to=%2Frooms');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/rooms'));
    expect(window.location.hash).toBe('');
    expect(sessionStore.getUser()).toEqual(USER);
    expect(sessionStore.getSession()).toEqual({ access_token: 'a2', refresh_token: 'r2', expires_at: 2_000_000_000 });
  });

  test('a return path to another site lands on the dashboard instead', async () => {
    api
      .on(AUTH_ENDPOINTS.refresh)
      .mockResolvedValue({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 2_000_000_000 });
    api.on(AUTH_ENDPOINTS.me).mockResolvedValue({ user: USER });
    renderAt('/auth/sso', '/auth/sso#refresh_token=r1&return_to=%2F%2Fevil.example');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/dashboard'));
  });

  test('a spent token is a clear page, not a hang', async () => {
    api
      .on(AUTH_ENDPOINTS.refresh)
      .mockRejectedValue(new ApiError('Invalid or expired refresh token', 401, 'UNAUTHORIZED'));
    renderAt('/auth/sso', '/auth/sso#refresh_token=old');
    expect(await screen.findByText('The sign-in could not be finished. Please try again.')).toBeInTheDocument();
    expect(sessionStore.getSession()).toBeNull();
  });
});
