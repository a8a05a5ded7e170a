import {
  DEVICE_ENDPOINTS,
  NEARNESS_ENDPOINTS,
  nearProofText,
  type NearChallenge,
  NETWORK_ENDPOINTS,
} from '@clipsync/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { useDevices } from '../../../api/device-queries';
import { laptopCli, makeDevice, phone } from '../../../test/device-fixtures';
import { testUser } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { useDevicePresence } from '../../../realtime/use-device-presence';
import { renderLivePage } from '../../../test/render-live-page';
import { DeviceSignerContext } from './device-signer';
import type { DeviceSigner } from './sign-with-device-key';
import { NearQrButton } from './NearQrButton';
import { parseNearQrFragment } from './near-qr-link';
import { fakeApi } from '../../../test/fake-api';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const registerDevice = () => api.on(DEVICE_ENDPOINTS.register);
const createChallenge = () => api.on(NEARNESS_ENDPOINTS.createChallenge);
const shareOrigins = () => api.on(NETWORK_ENDPOINTS.shareOrigins);

const thisBrowser = makeDevice({ hasKey: true });
const keyedPhone = { ...phone, hasKey: true };
const challenge = (): NearChallenge => ({
  challengeId: 'CHALLENGE0000000000001',
  nonce: 'N'.repeat(43),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});

function renderButtons(
  devices = [thisBrowser, keyedPhone, laptopCli, { ...phone, id: 'DEVICE0NOKEY0000000001', name: 'No key' }],
) {
  const signer: DeviceSigner = { sign: vi.fn(async () => 'A'.repeat(86)) };
  registerDevice().mockResolvedValue(thisBrowser);
  listDevices().mockResolvedValue({ devices });
  shareOrigins().mockResolvedValue({ origins: [] });
  const rendered = renderLivePage({
    path: '/devices',
    url: '/devices',
    user: testUser,
    element: (
      <DeviceSignerContext.Provider value={signer}>
        <ul>
          {devices.map((device) => (
            <li key={device.id} aria-label={device.name}>
              <NearQrButton device={device} />
            </li>
          ))}
        </ul>
      </DeviceSignerContext.Provider>
    ),
  });
  return { ...rendered, signer };
}

/** One device's button as My devices renders it: from the live list, which reloads when the socket reconnects. */
function ButtonOf({ deviceId, signer }: { deviceId: string; signer: DeviceSigner }) {
  const device = useDevices().data?.devices.find((listed) => listed.id === deviceId);
  useDevicePresence();
  return (
    <DeviceSignerContext.Provider value={signer}>
      {device && <NearQrButton device={device} />}
    </DeviceSignerContext.Provider>
  );
}

/**
 * The clock stands still but for what the test advances: the code's countdown (Date.now, and the interval
 * that reads it each second) shows exactly the time the test let pass, however long a loaded machine takes
 * to open the dialog. setTimeout stays real: Testing Library's findBy times out on it (and, with
 * setInterval faked, looks again on each change to the page rather than every 50 ms).
 */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  onTestFinished(() => void vi.useRealTimers());
}

const proveButtonOf = (name: string) =>
  within(screen.getByRole('listitem', { name })).queryByRole('button', { name: 'Prove with a QR code' });

describe('NearQrButton and its dialog', () => {
  setUpPageTests();

  test('only on another browser or app with a key: not on this device, a CLI or a device without a key', () => {
    renderButtons();
    expect(proveButtonOf('Safari on iPhone')).toBeInTheDocument();
    expect(proveButtonOf('Chrome on Linux')).not.toBeInTheDocument();
    expect(proveButtonOf('clipsync CLI')).not.toBeInTheDocument();
    expect(proveButtonOf('No key')).not.toBeInTheDocument();
  });

  test('shows a QR code of the signed challenge for the other device, then "Nearby · verified" when device:near says so', async () => {
    stopTheClock();
    createChallenge().mockResolvedValue(challenge());
    const { socket, signer } = renderButtons();
    await userEvent.click(proveButtonOf('Safari on iPhone') as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Prove Safari on iPhone is near' }));
    const qr = await dialog.findByRole('img', { name: 'QR code for Safari on iPhone' });
    expect(createChallenge()).toHaveBeenCalledWith({ params: {}, query: {}, body: { withDeviceId: phone.id } });
    const text = nearProofText({
      ...challenge(),
      issuerDeviceId: thisBrowser.id,
      otherDeviceId: phone.id,
    });
    expect(signer.sign).toHaveBeenCalledWith(text);

    const link = qr.getAttribute('data-link') ?? '';
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/devices\/near#c=/);
    expect(parseNearQrFragment(new URL(link).hash)).toEqual({
      challengeId: 'CHALLENGE0000000000001',
      nonce: 'N'.repeat(43),
      issuerDeviceId: thisBrowser.id,
      otherDeviceId: phone.id,
      issuerSignature: 'A'.repeat(86),
    });
    expect(dialog.getByText('Scan this code with the camera of Safari on iPhone')).toBeInTheDocument();
    expect(dialog.getByText('Expires in 60 s')).toBeInTheDocument();
    expect(dialog.getByTestId('near-qr-link')).toHaveTextContent(link);

    // Another pair's proof changes nothing here.
    act(() => socket.fire('device:near', { deviceIds: [laptopCli.id, phone.id], nearUntil: challenge().expiresAt }));
    expect(dialog.queryByText('Nearby · verified')).not.toBeInTheDocument();
    act(() =>
      socket.fire('device:near', { deviceIds: [thisBrowser.id, phone.id].sort(), nearUntil: challenge().expiresAt }),
    );
    expect(await dialog.findByText('Nearby · verified')).toBeInTheDocument();
    expect(dialog.getByText('Safari on iPhone and this device are near each other.')).toBeInTheDocument();
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
  });

  test('after its 60 s the code gives way to "Show a new code", which asks for a new challenge', async () => {
    stopTheClock();
    createChallenge().mockResolvedValueOnce(challenge());
    createChallenge().mockResolvedValueOnce({
      ...challenge(),
      challengeId: 'CHALLENGE0000000000002',
    });
    renderButtons();
    await userEvent.click(proveButtonOf('Safari on iPhone') as HTMLElement);
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('img', { name: 'QR code for Safari on iPhone' });
    expect(dialog.getByText('Expires in 60 s')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(30_000));
    expect(dialog.getByText('Expires in 30 s')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(30_000));
    expect(dialog.getByText('This code has expired.')).toBeInTheDocument();
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Show a new code' }));
    const qr = await dialog.findByRole('img', { name: 'QR code for Safari on iPhone' });
    expect(qr.getAttribute('data-link')).toContain('c=CHALLENGE0000000000002');
    expect(createChallenge()).toHaveBeenCalledTimes(2);
  });

  test('a proof whose device:near was missed shows once the reloaded list has a new nearUntil for the device', async () => {
    createChallenge().mockResolvedValue(challenge());
    const devices = [thisBrowser, keyedPhone];
    const signer: DeviceSigner = { sign: vi.fn(async () => 'A'.repeat(86)) };
    registerDevice().mockResolvedValue(thisBrowser);
    shareOrigins().mockResolvedValue({ origins: [] });
    listDevices().mockResolvedValue({ devices });
    const { socket } = renderLivePage({
      path: '/devices',
      url: '/devices',
      user: testUser,
      element: <ButtonOf deviceId={phone.id} signer={signer} />,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Prove with a QR code' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('img', { name: 'QR code for Safari on iPhone' });
    listDevices().mockResolvedValue({
      devices: [thisBrowser, { ...keyedPhone, nearUntil: new Date(Date.now() + 12 * 3600_000).toISOString() }],
    });
    // The socket comes back: the list reloads (useDevicePresence), without the device:near it missed.
    act(() => socket.fire('connect'));
    expect(await dialog.findByText('Nearby · verified')).toBeInTheDocument();
  });

  test("on a page at localhost the code's link names the machine's LAN address, which a phone can open", async () => {
    createChallenge().mockResolvedValue(challenge());
    renderButtons();
    shareOrigins().mockResolvedValue({ origins: ['http://192.168.1.20:3000'] });
    await userEvent.click(proveButtonOf('Safari on iPhone') as HTMLElement);
    const qr = await screen.findByRole('img', { name: 'QR code for Safari on iPhone' });
    await waitFor(() =>
      expect(qr.getAttribute('data-link')).toMatch(/^http:\/\/192\.168\.1\.20:3000\/devices\/near#c=/),
    );
  });

  test('a challenge refused says so and offers to try again', async () => {
    createChallenge().mockRejectedValueOnce(
      new ApiError('Both devices need a registered key to prove they are near', 409, 'CONFLICT'),
    );
    createChallenge().mockResolvedValueOnce(challenge());
    renderButtons();
    await userEvent.click(proveButtonOf('Safari on iPhone') as HTMLElement);
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not make a code.');
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('img', { name: 'QR code for Safari on iPhone' })).toBeInTheDocument();
  });
});
