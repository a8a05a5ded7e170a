import { DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { expect, vi } from 'vitest';
import { listWaitingShares, type WaitingShare } from '../../pwa/share-inbox';
import { SocketContext } from '../../realtime/socket-context';
import { AuthContext, type AuthContextValue } from '../../session/auth-context';
import { makeDevice, phone } from '../../test/device-fixtures';
import type { FakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { testUser as user } from '../../test/fixtures';
import { fakeSession } from '../../test/page-test-setup';
import { Toaster } from '../../ui/Toaster';
import SharePage from './SharePage';

/**
 * What every SharePage test file shares: a waiting share, the devices, the page rendered in its providers.
 * Each test file mocks the modules itself (clips-api's upload, and share-inbox's listWaitingShares and
 * forgetShare): vitest applies vi.mock only in the test file that calls it. The server's other answers come
 * from the test file's `fakeApi()`.
 */
export const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
export const notes = new File(['pdf'], 'notes.pdf', { type: 'application/pdf' });
export const uploaded = { url: '/f', file: { id: 'f1', name: 'photo.jpg', size: 4, type: 'image/jpeg', url: '/f' } };
export const share: WaitingShare = {
  id: 1,
  receivedAt: Date.now(),
  from: null,
  title: 'A page',
  text: 'Look at this',
  url: 'https://example.com/x',
  files: [photo, notes],
};
/** The service worker's inbox holding these shares, oldest first. */
export const waitingShares = (...shares: WaitingShare[]) => vi.mocked(listWaitingShares).mockResolvedValue(shares);
const sentToPhone = { sends: [{ id: 'SEND000000000000000001', deviceId: phone.id, status: 'delivered' as const }] };

/** This browser and the phone, which takes the send. */
export function listDevices(api: FakeApi) {
  api.on(DEVICE_ENDPOINTS.list).mockResolvedValue({ devices: [makeDevice(), phone] });
  api.on(DEVICE_SEND_ENDPOINTS.create).mockResolvedValue(sentToPhone);
}

/** Chooses the phone in the open picker, sends, sees the results list, and closes it. */
export async function sendToPhone() {
  const dialog = within(await screen.findByRole('dialog', { name: 'Send to a device' }));
  await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
  await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
  const results = within(await dialog.findByRole('list', { name: 'Sent' }));
  expect(
    within(results.getByRole('listitem', { name: 'Safari on iPhone' })).getByTestId('send-status'),
  ).toHaveTextContent('Delivered');
  await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
}

function ClipAddress() {
  return <p>Clip page {useParams().clipId}</p>;
}

export function renderPage(path = '/share', status: AuthContextValue['status'] = 'signedIn') {
  const auth = fakeSession(status === 'signedIn' ? user : null, status);
  const socket = new FakeSocket().connect();
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <SocketContext.Provider
          value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined }}
        >
          <AuthContext.Provider value={auth}>
            <RouterProvider
              router={createMemoryRouter(
                [
                  { path: '/share', element: <SharePage /> },
                  { path: '/auth', element: <p>Auth screen</p> },
                  { path: '/clips/:clipId', element: <ClipAddress /> },
                  { path: '/dashboard', element: <p>Dashboard</p> },
                ],
                { initialEntries: [path] },
              )}
            />
          </AuthContext.Provider>
        </SocketContext.Provider>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
