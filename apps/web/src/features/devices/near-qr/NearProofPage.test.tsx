import { DEVICE_ENDPOINTS, NEARNESS_ENDPOINTS, nearProofText } from '@clipsync/shared';
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { makeDevice } from '../../../test/device-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderLivePage } from '../../../test/render-live-page';
import { DeviceSignerContext } from './device-signer';
import { nearQrLink } from './near-qr-link';
import NearProofPage from './NearProofPage';
import type { DeviceSigner } from './sign-with-device-key';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const registerDevice = () => api.on(DEVICE_ENDPOINTS.register);
const proveNear = () => api.on(NEARNESS_ENDPOINTS.proof);

/** The page opens on the phone (B); the laptop (A) showed the code. */
const laptop = makeDevice({ id: 'DEVICE0LAPTOP000000001', name: 'Firefox on Linux', current: false, hasKey: true });
const thisPhone = makeDevice({ id: 'DEVICE0PHONE0000000001', name: 'Safari on iPhone', hasKey: true });
const code = {
  challengeId: 'CHALLENGE0000000000001',
  nonce: 'N'.repeat(43),
  issuerDeviceId: laptop.id,
  otherDeviceId: thisPhone.id,
  issuerSignature: 'A'.repeat(86),
};
const fragmentOf = (link: string) => new URL(link).hash;

function renderPage(hash: string) {
  const signer: DeviceSigner = { sign: vi.fn(async () => 'B'.repeat(86)) };
  registerDevice().mockResolvedValue(thisPhone);
  listDevices().mockResolvedValue({ devices: [laptop, thisPhone] });
  renderLivePage({
    path: '/devices/near',
    url: `/devices/near${hash}`,
    user: testUser,
    element: (
      <DeviceSignerContext.Provider value={signer}>
        <NearProofPage />
      </DeviceSignerContext.Provider>
    ),
  });
  return { signer };
}

describe('NearProofPage (/devices/near, opened by the camera of the other device)', () => {
  setUpPageTests();

  test('signs the same text with this device key, posts both signatures once, and says "Nearby · verified"', async () => {
    proveNear().mockResolvedValue({
      deviceIds: [laptop.id, thisPhone.id],
      nearUntil: new Date(Date.now() + 12 * 3600_000).toISOString(),
    });
    const { signer } = renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByText('Nearby · verified')).toBeInTheDocument();
    expect(await screen.findByText('Firefox on Linux and this device are near each other.')).toBeInTheDocument();
    expect(signer.sign).toHaveBeenCalledWith(nearProofText(code));
    expect(proveNear()).toHaveBeenCalledTimes(1);
    expect(proveNear()).toHaveBeenCalledWith({
      params: { challengeId: code.challengeId },
      query: {},
      body: { signatures: { [laptop.id]: 'A'.repeat(86), [thisPhone.id]: 'B'.repeat(86) } },
    });
  });

  test('a code for another of the devices is refused here, before anything is signed or posted', async () => {
    const { signer } = renderPage(
      fragmentOf(nearQrLink('https://clips.example', { ...code, otherDeviceId: 'DEVICE0TABLET000000001' })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is for another of your devices.');
    expect(signer.sign).not.toHaveBeenCalled();
    expect(proveNear()).not.toHaveBeenCalled();
  });

  test('an expired or spent code (the one 403) says to show a new one', async () => {
    proveNear().mockRejectedValue(new ApiError('Nearness was not proved', 403, 'FORBIDDEN'));
    renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired or was already used. Show a new code on the other device.',
    );
  });

  test('a failure of another kind says the code could not be checked', async () => {
    proveNear().mockRejectedValue(new ApiError('Server error', 500, 'INTERNAL'));
    renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not check the code. Show a new code on the other device and scan it again.',
    );
  });

  test('a link without a complete code says so', async () => {
    renderPage('#c=CHALLENGE0000000000001&n=short');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not hold a complete code.');
    expect(screen.getByRole('link', { name: 'Back to My devices' })).toHaveAttribute('href', '/devices');
    expect(proveNear()).not.toHaveBeenCalled();
  });
});
