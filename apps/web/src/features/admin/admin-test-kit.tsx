import type { PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { testUser } from '../../test/fixtures';
import { fakeSession } from '../../test/page-test-setup';
import { AuthContext } from '../../session/auth-context';
import { Toaster } from '../../ui/Toaster';

export const adminUser: PublicUser = { ...testUser, id: 'admin-1', email: 'admin@example.com', role: 'admin' };

/** A console page as an admin sees it, with its own query cache and the toasts. */
export function renderAdminPage(page: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeSession(adminUser)}>
        <MemoryRouter>{page}</MemoryRouter>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}
