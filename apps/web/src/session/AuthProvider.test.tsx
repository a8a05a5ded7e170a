import 'fake-indexeddb/auto';
import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { AccountKey } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { sessionStore } from '../api/session-store';
import { createUnlockedKeyStore, unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { fakeApi } from '../test/fake-api';
import { testUser } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { useAuth } from './auth-context';
import { AuthProvider } from './AuthProvider';

function SignOutButton() {
  const { status, logout } = useAuth();
  return status === 'signedIn' ? <button onClick={() => void logout()}>Log out</button> : <p>{status}</p>;
}

describe('AuthProvider', () => {
  setUpPageTests();
  const api = fakeApi();
  afterEach(() => localStorage.clear());

  test('logging out forgets the unlocked clipboard key, in this tab and remembered on the device', async () => {
    sessionStore.save(testUser, { access_token: 'access', refresh_token: 'refresh', expires_at: 4_000_000_000 });
    api.on(AUTH_ENDPOINTS.logout).mockResolvedValue({ message: 'Logged out' });
    const key = AccountKey.generate();
    await unlockedKeyStore.keep({
      userId: testUser.id,
      keyId: await key.id(),
      sealingKey: await key.sealingKey(),
      isRemembered: true,
    });

    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <SignOutButton />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    await waitFor(() => expect(unlockedKeyStore.snapshot()).toEqual({ userId: null, key: null }));
    await waitFor(async () => expect(await createUnlockedKeyStore().load(testUser.id)).toBeNull());
  });
});
