import { MODERATION_ENDPOINTS, type PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AuthContext } from '../session/auth-context';
import { fakeApi } from '../test/fake-api';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { OpenReportsBadge } from './OpenReportsBadge';

const admin: PublicUser = { ...testUser, role: 'admin' };

function renderBadge(user: PublicUser) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <a href="/admin" aria-describedby="badge">
          Admin
          <OpenReportsBadge id="badge" />
        </a>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('OpenReportsBadge', () => {
  setUpPageTests();
  const api = fakeApi();

  test('an admin sees how many reported items wait, described in words, asked of the open queue once', async () => {
    api.on(MODERATION_ENDPOINTS.list).mockResolvedValue({ items: [], total: 3 });
    renderBadge(admin);
    const badge = await screen.findByTestId('open-reports-badge');
    expect(badge).toHaveTextContent(/^3$/);
    expect(badge).toHaveAttribute('aria-hidden', 'true');
    const entry = screen.getByRole('link', { name: 'Admin' });
    expect(entry).toHaveAccessibleDescription('3 open reports');
    expect(api.on(MODERATION_ENDPOINTS.list)).toHaveBeenCalledTimes(1);
    expect(api.on(MODERATION_ENDPOINTS.list)).toHaveBeenCalledWith(
      expect.objectContaining({ query: { status: 'open', limit: '1', offset: '0' } }),
    );
  });

  test('past 99 the figure is 99+, the words keep the count', async () => {
    api.on(MODERATION_ENDPOINTS.list).mockResolvedValue({ items: [], total: 120 });
    renderBadge(admin);
    expect(await screen.findByTestId('open-reports-badge')).toHaveTextContent(/^99\+$/);
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAccessibleDescription('120 open reports');
  });

  test('no badge when nothing waits', async () => {
    api.on(MODERATION_ENDPOINTS.list).mockResolvedValue({ items: [], total: 0 });
    renderBadge(admin);
    await expect.poll(() => api.on(MODERATION_ENDPOINTS.list).mock.calls.length).toBe(1);
    expect(screen.queryByTestId('open-reports-badge')).not.toBeInTheDocument();
  });

  test('a member never asks for the count and sees no badge', async () => {
    renderBadge(testUser);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.on(MODERATION_ENDPOINTS.list)).not.toHaveBeenCalled();
    expect(screen.queryByTestId('open-reports-badge')).not.toBeInTheDocument();
  });
});
