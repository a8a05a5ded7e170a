import { DEVICE_ENDPOINTS } from '@clipsync/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { NearUnreachableError } from '../../lib/near/near-link';
import { proveNearness } from '../../realtime/prove-nearness';
import { laptopCli, makeDevice, phone } from '../../test/device-fixtures';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import DevicesPage from './DevicesPage';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);

vi.mock('../../realtime/prove-nearness', () => ({ proveNearness: vi.fn() }));
vi.mock('../../api/device-key-registration', () => ({ registerKeyOnce: vi.fn(async () => undefined) }));
vi.mock('../../lib/near/this-browser-key', () => ({
  thisBrowserKey: vi.fn(async () => ({ key: { publicJwk: vi.fn(), sign: vi.fn() }, isNew: false })),
}));

const thisBrowser = makeDevice();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const row = (name: string) => within(screen.getByRole('listitem', { name }));

const renderPage = () =>
  renderLivePage({ path: '/devices', url: '/devices', element: <DevicesPage />, user: testUser });

describe('My devices: nearness', () => {
  setUpPageTests();

  test('"Check if nearby" only for another online browser or app; "Nearby · verified" while a proof holds', async () => {
    const offlinePhone = makeDevice({ id: 'DEVICE0TABLET000000001', name: 'Tablet', current: false, online: false });
    listDevices().mockResolvedValue({
      devices: [thisBrowser, { ...phone, nearUntil: inAnHour() }, { ...laptopCli, online: true }, offlinePhone],
    });
    renderPage();
    await screen.findByRole('listitem', { name: 'Safari on iPhone' });
    expect(row('Safari on iPhone').getByRole('button', { name: 'Check if nearby' })).toBeInTheDocument();
    expect(row('Safari on iPhone').getByText('Nearby · verified')).toBeInTheDocument();
    for (const name of ['Chrome on Linux', 'clipsync CLI', 'Tablet']) {
      expect(row(name).queryByRole('button', { name: 'Check if nearby' })).not.toBeInTheDocument();
      expect(row(name).queryByText('Nearby · verified')).not.toBeInTheDocument();
    }
  });

  test('a proof in progress says "Checking…"; once proved, the list is asked again and shows the badge', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    let prove: (value: Awaited<ReturnType<typeof proveNearness>>) => void = () => undefined;
    vi.mocked(proveNearness).mockReturnValue(new Promise((resolve) => (prove = resolve)));
    renderPage();
    const check = await screen.findByRole('button', { name: 'Check if nearby' });
    check.focus();
    await userEvent.keyboard('{Enter}');
    expect(row('Safari on iPhone').getByRole('button', { name: 'Checking…' })).toBeDisabled();
    expect(proveNearness).toHaveBeenCalledWith(
      expect.objectContaining({ thisDeviceId: thisBrowser.id, deviceId: phone.id }),
    );

    listDevices().mockResolvedValue({ devices: [thisBrowser, { ...phone, nearUntil: inAnHour() }] });
    prove({ deviceIds: [thisBrowser.id, phone.id], nearUntil: inAnHour() });
    expect(await row('Safari on iPhone').findByText('Nearby · verified')).toBeInTheDocument();
    expect(row('Safari on iPhone').getByRole('button', { name: 'Check if nearby' })).toBeEnabled();
  });

  test('a device that cannot be reached directly says why, announced', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    vi.mocked(proveNearness).mockRejectedValue(new NearUnreachableError());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Check if nearby' }));
    expect(await row('Safari on iPhone').findByRole('alert')).toHaveTextContent(
      'Not reachable directly: not on the same network, or the network keeps devices apart.',
    );
    vi.mocked(proveNearness).mockRejectedValue(new Error('403'));
    await userEvent.click(screen.getByRole('button', { name: 'Check if nearby' }));
    await waitFor(() =>
      expect(row('Safari on iPhone').getByRole('alert')).toHaveTextContent(
        'Could not check whether the device is nearby.',
      ),
    );
  });
});
