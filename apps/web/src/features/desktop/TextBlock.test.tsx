import { DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { SocketContext } from '../../realtime/socket-context';
import { AuthContext } from '../../session/auth-context';
import { makeDesktopItem } from '../../test/desktop-fixtures';
import { makeDevice, phone } from '../../test/device-fixtures';
import { fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { testUser } from '../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { TextBlock } from './TextBlock';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const sendToDevices = () => api.on(DEVICE_SEND_ENDPOINTS.create);

function renderBlock(isSignedIn: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(isSignedIn ? testUser : null)}>
        <SocketContext.Provider
          value={{
            socket: new FakeSocket().connect().asSocket(),
            isConnected: true,
            requestGuestConnection: () => () => undefined,
          }}
        >
          <TextBlock item={makeDesktopItem({ content: 'a note' })} canMove={false} canDelete onDelete={vi.fn()} />
        </SocketContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('TextBlock: Send to a device', () => {
  setUpPageTests();

  test("a signed-in user sends the block's text to one of their devices", async () => {
    listDevices().mockResolvedValue({ devices: [makeDevice(), phone] });
    sendToDevices().mockResolvedValue({
      sends: [{ id: 'SEND000000000000000001', deviceId: phone.id, status: 'queued' }],
    });
    renderBlock(true);
    await userEvent.click(screen.getByRole('button', { name: 'Send to a device' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send to a device' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(sendToDevices()).toHaveBeenCalledWith({ params: {}, query: {}, body: { to: [phone.id], text: 'a note' } });
    expect(await dialog.findByText('Queued — it will get it when it comes back')).toBeInTheDocument();
  });

  test('a signed-out guest of a shared or LAN desktop has no devices to send to', () => {
    renderBlock(false);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to a device' })).not.toBeInTheDocument();
  });
});
