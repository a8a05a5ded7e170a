import { SSO_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import AuthPage from './AuthPage';

const api = fakeApi();
const ssoSettings = () => api.on(SSO_ENDPOINTS.settings);

function renderAuth(entry: string | { pathname: string; state: unknown }) {
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

describe('the SSO button on the sign-in and sign-up pages', () => {
  setUpPageTests();

  test("with a provider, its button sits above the password form, a plain link to the provider's door", async () => {
    ssoSettings().mockResolvedValue({ enabled: true, buttonText: 'Sign in with Authentik', only: false });
    renderAuth({ pathname: '/auth', state: { from: { pathname: '/rooms' } } });
    const button = await screen.findByRole('link', { name: 'Sign in with Authentik' });
    expect(button).toHaveAttribute('href', '/api/auth/sso/start?returnTo=%2Frooms');
    expect(screen.getByText('or with your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i, { selector: 'input' })).toBeInTheDocument();
  });

  test('on the sign-up page too', async () => {
    ssoSettings().mockResolvedValue({ enabled: true, buttonText: 'Sign in with SSO', only: false });
    renderAuth('/auth?mode=register');
    expect(await screen.findByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute(
      'href',
      '/api/auth/sso/start',
    );
  });

  test('without a provider, the page is as it always was', async () => {
    ssoSettings().mockResolvedValue({ enabled: false, buttonText: '', only: false });
    renderAuth('/auth');
    expect(await screen.findByLabelText(/password/i, { selector: 'input' })).toBeInTheDocument();
    expect(screen.queryByText('or with your password')).not.toBeInTheDocument();
  });
});
