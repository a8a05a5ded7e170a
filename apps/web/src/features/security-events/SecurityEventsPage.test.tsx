import { SECURITY_EVENT_ENDPOINTS, type SecurityEvent } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import SecurityEventsPage from './SecurityEventsPage';

const api = fakeApi();
const list = () => api.on(SECURITY_EVENT_ENDPOINTS.list);

const signIn: SecurityEvent = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
  action: 'sign_in.new_device',
  byAdmin: false,
  requestId: '0b6e3a57-3c43-4b8e-9c1c-1c3f0b8f1e2a',
  details: { client: 'Firefox on Linux' },
};
const disabled: SecurityEvent = {
  ...signIn,
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  action: 'adminAccount.setQuota',
  byAdmin: true,
  details: { bytes: 5 * 1024 ** 3 },
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SecurityEventsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SecurityEventsPage', () => {
  setUpPageTests();

  test('lists the account’s own events in words, with when and from which client', async () => {
    list().mockResolvedValue({ events: [disabled, signIn], total: 2 });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Security events' })).toBeInTheDocument();
    const row = within(await screen.findByRole('listitem', { name: 'Sign-in from a new device' }));
    expect(row.getByText(/5m ago/)).toBeInTheDocument();
    expect(row.getByText(/Firefox on Linux/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'An admin set your storage quota to 5 GB' })).toBeInTheDocument();
    expect(list()).toHaveBeenCalledWith({ params: {}, query: { limit: '50', offset: '0' } });
  });

  test('a takedown of the user’s item and its restore are listed with the operator’s reason', async () => {
    const takenDown: SecurityEvent = {
      ...signIn,
      id: 'CCCCCCCCCCCCCCCCCCCCCC',
      action: 'item.taken_down',
      details: { client: null, itemKind: 'room', reason: 'Spam room' },
    };
    const restored: SecurityEvent = { ...takenDown, id: 'DDDDDDDDDDDDDDDDDDDDDD', action: 'item.restored' };
    list().mockResolvedValue({ events: [restored, takenDown], total: 2 });
    renderPage();
    const row = within(await screen.findByRole('listitem', { name: 'Your room was taken down by the operator' }));
    expect(row.getByText(/Reason: Spam room/)).toBeInTheDocument();
    const restoredRow = within(screen.getByRole('listitem', { name: 'Your room was restored by the operator' }));
    expect(restoredRow.getByText(/Reason: Spam room/)).toBeInTheDocument();
  });

  test('none yet says so', async () => {
    list().mockResolvedValueOnce({ events: [], total: 0 });
    renderPage();
    expect(await screen.findByText('No security events yet.')).toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    list().mockRejectedValue(new ApiError('Server error', 500, 'INTERNAL'));
    renderPage();
    expect(await screen.findByText("Couldn't load your security events")).toBeInTheDocument();
  });
});
