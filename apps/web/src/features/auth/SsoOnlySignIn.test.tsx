import { AUTH_ENDPOINTS, SSO_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import AuthPage from './AuthPage';
import ResetPasswordPage from './ResetPasswordPage';

const api = fakeApi();
const WORDS = 'This server signs in with Authentik';
const ssoOnly = () =>
  api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: true, buttonText: 'Sign in with Authentik', only: true });

function renderAuth(entry: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={fakeSession(null)}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/auth', element: <AuthPage /> }], { initialEntries: [entry] })}
        />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('a server that signs in through its provider only (OIDC_ONLY)', () => {
  setUpPageTests();
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('the sign-in page says so, offers the button, and folds the password form away for admins', async () => {
    ssoOnly();
    renderAuth('/auth');
    expect(await screen.findByRole('heading', { name: WORDS })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Authentik' })).toHaveAttribute('href', '/api/auth/sso/start');
    expect(screen.queryByText('or with your password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sign up|create/i })).not.toBeInTheDocument();
    const password = screen.getByLabelText(/password/i, { selector: 'input' });
    expect(password).not.toBeVisible();
    await userEvent.click(screen.getByText('Admin sign-in with password'));
    expect(password).toBeVisible();
  });

  test('the sign-up page says the same and shows no sign-up form', async () => {
    ssoOnly();
    renderAuth('/auth?mode=register');
    expect(await screen.findByRole('heading', { name: WORDS })).toBeInTheDocument();
    expect(screen.queryByLabelText(/name/i, { selector: 'input' })).not.toBeInTheDocument();
  });

  test('the forgot page says the words: only an admin can reset a password here', async () => {
    ssoOnly();
    renderAuth('/auth?mode=forgot');
    expect(await screen.findByText(`${WORDS}. Only an admin's password can be reset here.`)).toBeInTheDocument();
  });

  test('the reset page says them too', async () => {
    ssoOnly();
    window.history.replaceState(null, '', '/reset-password#access_token=tok&refresh_token=tok&type=recovery');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ResetPasswordPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`${WORDS}. Only an admin's password can be reset here.`)).toBeInTheDocument();
    expect(api.on(AUTH_ENDPOINTS.resetPassword)).not.toHaveBeenCalled();
  });

  test('without OIDC_ONLY the pages are as before', async () => {
    api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: true, buttonText: 'Sign in with SSO', only: false });
    renderAuth('/auth');
    expect(await screen.findByText('or with your password')).toBeInTheDocument();
    expect(screen.queryByText(/This server signs in with/)).not.toBeInTheDocument();
    expect(screen.queryByText('Admin sign-in with password')).not.toBeInTheDocument();
  });
});
