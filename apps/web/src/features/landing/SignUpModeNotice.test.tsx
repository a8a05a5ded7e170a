import { AUTH_ENDPOINTS, type PublicUser, type RegistrationRules } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { AuthContext } from '../../session/auth-context';
import { Hero } from './Hero';

function renderHero(user: PublicUser | null = null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <MemoryRouter>
          <Hero />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the landing page's sign-up mode", () => {
  setUpPageTests();
  const api = fakeApi();
  const registration = (settings: RegistrationRules) =>
    api
      .on(AUTH_ENDPOINTS.registration)
      .mockResolvedValue({ ...settings, mail: { configured: true }, firstAccountBecomesAdmin: false });

  test.each<[RegistrationRules, string]>([
    [{ mode: 'invite', emailDomains: [] }, 'Sign-ups are by invitation on this server'],
    [{ mode: 'closed', emailDomains: [] }, 'Sign-ups are closed on this server'],
    [
      { mode: 'open', emailDomains: ['example.com', 'example.org'] },
      'Sign-ups on this server are for addresses at example.com or example.org',
    ],
  ])('%o: a line under the buttons says it in words', async (settings, words) => {
    registration(settings);
    renderHero();
    expect(await screen.findByTestId('sign-up-mode')).toHaveTextContent(words);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?mode=login');
  });

  test('open to anyone at any address: no line', async () => {
    registration({ mode: 'open', emailDomains: [] });
    renderHero();
    await expect.poll(() => api.on(AUTH_ENDPOINTS.registration).mock.calls.length).toBe(1);
    expect(screen.queryByTestId('sign-up-mode')).not.toBeInTheDocument();
  });

  test('signed in: no line, whatever the mode', async () => {
    registration({ mode: 'closed', emailDomains: [] });
    renderHero(testUser);
    await expect.poll(() => api.on(AUTH_ENDPOINTS.registration).mock.calls.length).toBe(1);
    expect(screen.queryByTestId('sign-up-mode')).not.toBeInTheDocument();
  });
});
