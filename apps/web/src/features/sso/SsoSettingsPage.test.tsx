import { SSO_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { redirectTo } from '../../lib/redirect';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import SsoSettingsPage from './SsoSettingsPage';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const api = fakeApi();
const ISSUER = 'https://id.example.com/';

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/settings/sso', element: <SsoSettingsPage /> },
            { path: '/settings/tokens', element: <p>Tokens page</p> },
          ],
          { initialEntries: ['/settings/sso'] },
        )}
      />
    </QueryClientProvider>,
  );
}

describe('SsoSettingsPage', () => {
  setUpPageTests();

  test('a linked identity shows its issuer and address, and Unlink removes it', async () => {
    api
      .on(SSO_ENDPOINTS.settings)
      .mockResolvedValue({ enabled: true, buttonText: 'Sign in with Team ID', only: false });
    api
      .on(SSO_ENDPOINTS.account)
      .mockResolvedValueOnce({ identity: { issuer: ISSUER, email: 'ada@corp.example' }, hasPassword: true })
      .mockResolvedValue({ identity: null, hasPassword: true });
    api.on(SSO_ENDPOINTS.unlink).mockResolvedValue(undefined);
    renderPage();
    expect(await screen.findByText('Linked to ada@corp.example')).toBeInTheDocument();
    expect(screen.getByText(ISSUER)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('This account is not linked to your identity provider.')).toBeInTheDocument();
    expect(api.on(SSO_ENDPOINTS.unlink)).toHaveBeenCalledOnce();
  });

  test('without a password, the identity is the only way in and no Unlink is offered', async () => {
    api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: true, buttonText: 'Sign in with SSO', only: false });
    api.on(SSO_ENDPOINTS.account).mockResolvedValue({ identity: { issuer: ISSUER, email: null }, hasPassword: false });
    renderPage();
    expect(
      await screen.findByText('This account has no password: SSO is its only way in, so it stays linked.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink' })).not.toBeInTheDocument();
  });

  test('Link opens the provider, which comes back to this page', async () => {
    api
      .on(SSO_ENDPOINTS.settings)
      .mockResolvedValue({ enabled: true, buttonText: 'Sign in with Team ID', only: false });
    api.on(SSO_ENDPOINTS.account).mockResolvedValue({ identity: null, hasPassword: true });
    api.on(SSO_ENDPOINTS.link).mockResolvedValue({ url: `${ISSUER}auth?state=s` });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Link: Sign in with Team ID' }));
    expect(api.on(SSO_ENDPOINTS.link)).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { returnTo: '/settings/sso' },
    });
    expect(redirectTo).toHaveBeenCalledWith(`${ISSUER}auth?state=s`);
  });

  test('a server without a provider has no such page: it opens the account settings instead', async () => {
    api.on(SSO_ENDPOINTS.settings).mockResolvedValue({ enabled: false, buttonText: '', only: false });
    renderPage();
    expect(await screen.findByText('Tokens page')).toBeInTheDocument();
    expect(api.on(SSO_ENDPOINTS.account)).not.toHaveBeenCalled();
  });
});
