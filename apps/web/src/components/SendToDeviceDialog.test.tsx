import { DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { SocketContext } from '../realtime/socket-context';
import { laptopCli, makeDevice, phone } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { setUpPageTests } from '../test/page-test-setup';
import { SendToDeviceDialog, type SendContent } from './SendToDeviceDialog';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const sendToDevices = () => api.on(DEVICE_SEND_ENDPOINTS.create);

const thisBrowser = makeDevice();
const tablet = makeDevice({ id: 'DEVICE0TABLET000000001', name: 'Firefox on Android', current: false });

function renderDialog(content: SendContent = { clipId: 'CLIP00000000000000001A' }) {
  const onClose = vi.fn();
  const socket = new FakeSocket().connect();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SocketContext.Provider
        value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined }}
      >
        <SendToDeviceDialog content={content} onClose={onClose} />
      </SocketContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Send to a device' })) };
}

describe('SendToDeviceDialog', () => {
  setUpPageTests();

  test('lists the other devices, online first; sends the clip to the chosen ones and says what became of each', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, laptopCli, phone] });
    sendToDevices().mockResolvedValue({
      sends: [
        { id: 'SEND000000000000000001', deviceId: phone.id, status: 'delivered' },
        { id: 'SEND000000000000000002', deviceId: laptopCli.id, status: 'queued' },
      ],
    });
    const { dialog } = renderDialog();
    expect(dialog.getByText('Choose the devices to send this clip to.')).toBeInTheDocument();
    const boxes = await dialog.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Safari on iPhoneOnline now',
      'clipsync CLILast seen 5m ago',
    ]);
    const send = dialog.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await userEvent.click(dialog.getByRole('checkbox', { name: /Safari on iPhone/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /clipsync CLI/ }));
    await userEvent.click(send);
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [laptopCli.id, phone.id], clipId: 'CLIP00000000000000001A' },
    });
    const results = within(await dialog.findByRole('list', { name: 'Sent' }));
    expect(dialog.getByText('What became of the send on each device.')).toBeInTheDocument();
    expect(
      within(results.getByRole('listitem', { name: 'Safari on iPhone' })).getByTestId('send-status'),
    ).toHaveTextContent('Delivered');
    expect(
      within(results.getByRole('listitem', { name: 'clipsync CLI' })).getByTestId('send-status'),
    ).toHaveTextContent('Queued — it will get it when it comes back');
  });

  test('a device whose receiving is off cannot be chosen; a refusal for one turned off meanwhile names it', async () => {
    listDevices().mockResolvedValue({
      devices: [thisBrowser, phone, { ...tablet, receivePolicy: 'off' }],
    });
    sendToDevices().mockRejectedValue(
      new ApiError('Not receiving', 409, 'DEVICE_NOT_RECEIVING', undefined, undefined, {}, [phone.id]),
    );
    const { dialog } = renderDialog({ text: 'a desktop note' });
    expect(dialog.getByText('Choose the devices to send this text to.')).toBeInTheDocument();
    expect(await dialog.findByRole('checkbox', { name: /Firefox on Android/ })).toBeDisabled();
    expect(dialog.getByText('Receiving is off')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('checkbox', { name: /Safari on iPhone/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], text: 'a desktop note' },
    });
    expect(await dialog.findByRole('alert')).toHaveTextContent('Not sent: receiving is off on Safari on iPhone.');
  });

  test('this device is marked below the others and cannot be chosen; namesakes each show their short id', async () => {
    const sameName = { name: 'Chromium on Linux', current: false };
    const older = makeDevice({ ...sameName, id: 'OLDERLINUX000000000001', online: false });
    const newer = makeDevice({ ...sameName, id: 'NEWERLINUX000000000001', online: false });
    listDevices().mockResolvedValue({ devices: [thisBrowser, older, newer, phone] });
    const { dialog } = renderDialog();
    const boxes = await dialog.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Safari on iPhoneOnline now',
      'Chromium on Linux· id OLDERLLast seen just now',
      'Chromium on Linux· id NEWERLLast seen just now',
    ]);
    const mine = dialog.getByRole('listitem', { name: 'Chrome on Linux, this device' });
    expect(mine).toHaveTextContent('Chrome on LinuxThis device');
    expect(within(mine).queryByRole('checkbox')).toBeNull();
  });

  test('with no other device, it says how to get one', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser] });
    const { dialog } = renderDialog();
    expect(await dialog.findByText(/No other device yet/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
