import { SSO_ENDPOINTS } from '@clipsync/shared';
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
      await screen.findByText(
        'An account with a password already uses this e-mail address. Sign in with your password, then link SSO under Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  test('an address in use, where only SSO signs in: an admin links it, no password is offered', async () => {
    renderAt('/auth/sso-error?code=email_in_use_only', '/auth/sso-error?code=email_in_use_only');
    expect(screen.getByText('An account already uses this address. Ask an admin to link it.')).toBeInTheDocument();
    expect(screen.queryByText(/Sign in with your password/)).not.toBeInTheDocument();
  });

  test.each([
    ['sign_ups_closed', 'Sign-ups are closed on this server: only people an admin invites can join.'],
    ['domain_not_allowed', 'only for e-mail addresses at the domains its operator allows'],
    ['invitation_needed', 'Sign-ups on this server are by invitation.'],
    ['sso_sign_up_off', 'This server does not open new accounts through SSO.'],
  ])('a refusal by the sign-up rules (%s) names the rule at once', (code, sentence) => {
    renderAt(`/auth/sso-error?code=${code}`, `/auth/sso-error?code=${code}`);
    expect(screen.getByText(new RegExp(sentence.replace(/[.:]/g, '\\$&')))).toBeInTheDocument();
  });

  test('a disabled account is told so', async () => {
    renderAt('/auth/sso-error?code=account_disabled', '/auth/sso-error?code=account_disabled');
    expect(await screen.findByText('This account is disabled')).toBeInTheDocument();
  });

  test('a start link that could not be read says to start again', async () => {
    renderAt('/auth/sso-error?code=invalid_link', '/auth/sso-error?code=invalid_link');
    expect(
      await screen.findByText('This sign-in link is not valid. Please start again from the sign-in page.'),
    ).toBeInTheDocument();
  });

  test('a code the page does not know is never shown as given', async () => {
    renderAt('/auth/sso-error?code=%3Cb%3Ehi%3C/b%3E', '/auth/sso-error');
    expect(await screen.findByText('The sign-in was refused. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/hi/)).not.toBeInTheDocument();
  });
});

describe('SsoCompletePage', () => {
  setUpPageTests();

  const SESSION = { access_token: 'a2', refresh_token: 'r2', expires_at: 2_000_000_000 };

  test("the browser's hand-off becomes its session, then the app opens where the sign-in began", async () => {
    api.on(SSO_ENDPOINTS.complete).mockResolvedValue({ user: USER, session: SESSION, firstSignIn: false });
    renderAt('/auth/sso?return_to=%2Frooms', '/auth/sso?return_to=%2Frooms');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/rooms'));
    expect(api.on(SSO_ENDPOINTS.complete)).toHaveBeenCalledTimes(1);
    expect(sessionStore.getUser()).toEqual(USER);
    expect(sessionStore.getSession()).toEqual(SESSION);
  });

  test('a token in the address is never taken for a session', async () => {
    api
      .on(SSO_ENDPOINTS.complete)
      .mockRejectedValue(new ApiError('This sign-in was not started in this browser', 401, 'SSO_HANDOFF_INVALID'));
    renderAt('/auth/sso#refresh_token=attackers', '/auth/sso#refresh_token=attackers');
    expect(await screen.findByText('The sign-in could not be finished. Please try again.')).toBeInTheDocument();
    expect(sessionStore.getSession()).toBeNull();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  test.each(['/\t/evil.com', '//evil.com', '/\\evil.com', '%2F%2Fevil.com', 'https://evil.com'])(
    'a return path to another site (%s) lands on the dashboard instead',
    async (returnTo) => {
      api.on(SSO_ENDPOINTS.complete).mockResolvedValue({ user: USER, session: SESSION, firstSignIn: false });
      const url = `/auth/sso?${new URLSearchParams({ return_to: returnTo }).toString()}`;
      renderAt(url, url);
      await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/dashboard'));
    },
  );

  test('a used or expired hand-off is a clear page, not a hang', async () => {
    api
      .on(SSO_ENDPOINTS.complete)
      .mockRejectedValue(new ApiError('This sign-in has expired', 401, 'SSO_HANDOFF_INVALID'));
    renderAt('/auth/sso', '/auth/sso');
    expect(await screen.findByText('The sign-in could not be finished. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });
});
