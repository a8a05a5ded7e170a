import 'fake-indexeddb/auto';
import { CLIPBOARD_KEY_ENDPOINTS, DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { AccountKey, decryptText } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { clipKeyOf } from '../lib/clipboard-key/clip-keys';
import { unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { SocketContext } from '../realtime/socket-context';
import { AuthContext } from '../session/auth-context';
import { CLIPBOARD_KEY_OFF } from '../test/clipboard-key-fixtures';
import { laptopCli, makeDevice, phone } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { SendToDeviceDialog, type SendContent } from './SendToDeviceDialog';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const sendToDevices = () => api.on(DEVICE_SEND_ENDPOINTS.create);

const thisBrowser = makeDevice();
const tablet = makeDevice({ id: 'DEVICE0TABLET000000001', name: 'Firefox on Android', current: false });

/** The dialog, opened by nobody signed in, or by `testUser` (whose clipboard key status it then asks). */
function renderDialog(content: SendContent = { clipId: 'CLIP00000000000000001A' }, { isSignedIn = false } = {}) {
  const onClose = vi.fn();
  const socket = new FakeSocket().connect();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={isSignedIn ? fakeSession(testUser) : null}>
        <SocketContext.Provider
          value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined }}
        >
          <MemoryRouter>
            <SendToDeviceDialog content={content} onClose={onClose} />
          </MemoryRouter>
        </SocketContext.Provider>
      </AuthContext.Provider>
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

describe('SendToDeviceDialog, for an account whose clipboard is encrypted end to end', () => {
  setUpPageTests();
  afterEach(() => unlockedKeyStore.forgetAll());
  const clipboardKeyStatus = () => api.on(CLIPBOARD_KEY_ENDPOINTS.status);

  /** The account's clipboard is sealed; `unlocked`: this device holds its sealing key. */
  async function sealAccount({ unlocked }: { unlocked: boolean }) {
    const account = AccountKey.generate();
    const keyId = await account.id();
    const sealingKey = await account.sealingKey();
    clipboardKeyStatus().mockResolvedValue({
      enabled: true,
      keyId,
      passphraseSalt: 'c2FsdA',
      plainClips: 0,
      sealedClips: 3,
    });
    if (unlocked) await unlockedKeyStore.keep({ userId: testUser.id, keyId, sealingKey, isRemembered: false });
    return sealingKey;
  }

  test('unlocked here: the text goes sealed with a fresh clip key, never in clear', async () => {
    const sealingKey = await sealAccount({ unlocked: true });
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    sendToDevices().mockResolvedValue({
      sends: [{ id: 'SEND000000000000000001', deviceId: phone.id, status: 'delivered' }],
    });
    const { dialog } = renderDialog({ text: 'the wifi password' }, { isSignedIn: true });
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await dialog.findByRole('list', { name: 'Sent' });

    expect(sendToDevices()).toHaveBeenCalledTimes(1);
    const { body } = sendToDevices().mock.calls[0]![0];
    expect(body).toEqual({ to: [phone.id], text: expect.any(String), wrappedKey: expect.any(String) });
    expect(JSON.stringify(vi.mocked(fetch).mock.calls)).not.toContain('wifi password');
    const key = await clipKeyOf(sealingKey, body.wrappedKey!);
    expect(await decryptText(body.text!, key)).toBe('the wifi password');
  });

  test('locked here: it says so and sends nothing', async () => {
    await sealAccount({ unlocked: false });
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    const { dialog } = renderDialog({ text: 'the wifi password' }, { isSignedIn: true });
    expect(
      await dialog.findByText(
        'Your clipboard is encrypted end to end. Unlock it to read and add clips on this device.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Unlock' })).toHaveAttribute('href', '/settings/privacy');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Safari on iPhone/ }));
    expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sendToDevices()).not.toHaveBeenCalled();
  });

  test('a clip sealed already goes by its id from a locked device too', async () => {
    await sealAccount({ unlocked: false });
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    sendToDevices().mockResolvedValue({
      sends: [{ id: 'SEND000000000000000001', deviceId: phone.id, status: 'queued' }],
    });
    const { dialog } = renderDialog({ clipId: 'CLIP00000000000000001A' }, { isSignedIn: true });
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], clipId: 'CLIP00000000000000001A' },
    });
  });

  test("sealed elsewhere since this page asked: the server's refusal says to unlock, and the status is asked again", async () => {
    clipboardKeyStatus().mockResolvedValue(CLIPBOARD_KEY_OFF);
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    sendToDevices().mockRejectedValue(new ApiError('Sealed', 409, 'CLIPBOARD_SEALED'));
    const { dialog } = renderDialog({ text: 'a note' }, { isSignedIn: true });
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
    await waitFor(() => expect(clipboardKeyStatus()).toHaveBeenCalledTimes(1));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Unlock it to read and add clips on this device.');
    await waitFor(() => expect(clipboardKeyStatus()).toHaveBeenCalledTimes(2));
  });
});
