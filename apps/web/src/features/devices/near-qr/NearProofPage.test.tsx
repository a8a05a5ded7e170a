import { nearProofText } from '@clipsync/shared';
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { devicesApi } from '../../../api/devices-api';
import { nearnessApi } from '../../../api/nearness-api';
import { makeDevice } from '../../../test/device-fixtures';
import { testUser } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderLivePage } from '../../../test/render-live-page';
import { DeviceSignerContext } from './device-signer';
import { nearQrLink } from './near-qr-link';
import NearProofPage from './NearProofPage';
import type { DeviceSigner } from './sign-with-device-key';

vi.mock('../../../api/devices-api', () => ({ devicesApi: { list: vi.fn(), register: vi.fn() } }));
vi.mock('../../../api/nearness-api', () => ({ nearnessApi: { prove: vi.fn() } }));

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
  vi.mocked(devicesApi.register).mockResolvedValue(thisPhone);
  vi.mocked(devicesApi.list).mockResolvedValue({ devices: [laptop, thisPhone] });
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
    vi.mocked(nearnessApi.prove).mockResolvedValue({
      deviceIds: [laptop.id, thisPhone.id],
      nearUntil: new Date(Date.now() + 12 * 3600_000).toISOString(),
    });
    const { signer } = renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByText('Nearby · verified')).toBeInTheDocument();
    expect(await screen.findByText('Firefox on Linux and this device are near each other.')).toBeInTheDocument();
    expect(signer.sign).toHaveBeenCalledWith(nearProofText(code));
    expect(nearnessApi.prove).toHaveBeenCalledTimes(1);
    expect(nearnessApi.prove).toHaveBeenCalledWith(code.challengeId, {
      [laptop.id]: 'A'.repeat(86),
      [thisPhone.id]: 'B'.repeat(86),
    });
  });

  test('a code for another of the devices is refused here, before anything is signed or posted', async () => {
    const { signer } = renderPage(
      fragmentOf(nearQrLink('https://clips.example', { ...code, otherDeviceId: 'DEVICE0TABLET000000001' })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is for another of your devices.');
    expect(signer.sign).not.toHaveBeenCalled();
    expect(nearnessApi.prove).not.toHaveBeenCalled();
  });

  test('an expired or spent code (the one 403) says to show a new one', async () => {
    vi.mocked(nearnessApi.prove).mockRejectedValue(new ApiError('Nearness was not proved', 403, 'FORBIDDEN'));
    renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired or was already used. Show a new code on the other device.',
    );
  });

  test('a failure of another kind says the code could not be checked', async () => {
    vi.mocked(nearnessApi.prove).mockRejectedValue(new ApiError('Server error', 500, 'INTERNAL'));
    renderPage(fragmentOf(nearQrLink('https://clips.example', code)));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not check the code. Show a new code on the other device and scan it again.',
    );
  });

  test('a link without a complete code says so', async () => {
    renderPage('#c=CHALLENGE0000000000001&n=short');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not hold a complete code.');
    expect(screen.getByRole('link', { name: 'Back to My devices' })).toHaveAttribute('href', '/devices');
    expect(nearnessApi.prove).not.toHaveBeenCalled();
  });
});
