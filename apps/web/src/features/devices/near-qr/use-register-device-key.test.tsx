import type { Device } from '@clipsync/shared';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useDevices } from '../../../api/device-queries';
import { devicesApi } from '../../../api/devices-api';
import { nearnessApi } from '../../../api/nearness-api';
import { publicJwkOf } from '../../../lib/near/device-key';
import { useDeviceNear } from '../../../realtime/use-device-near';
import { makeDevice, phone } from '../../../test/device-fixtures';
import { testUser } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderLivePage } from '../../../test/render-live-page';
import { useRegisterDeviceKey } from './use-register-device-key';

vi.mock('../../../api/devices-api', () => ({ devicesApi: { list: vi.fn() } }));
vi.mock('../../../api/nearness-api', () => ({ nearnessApi: { registerKey: vi.fn() } }));
vi.mock('../../../lib/near/device-key', () => ({ publicJwkOf: vi.fn() }));

const publicKey = { kty: 'EC', crv: 'P-256', x: 'X'.repeat(43), y: 'Y'.repeat(43) } as const;

/** The list is read (as My devices reads it) so that a reload of it is seen. */
function Harness({ devices }: { devices: Device[] }) {
  useDevices();
  useRegisterDeviceKey(devices);
  useDeviceNear();
  return null;
}

const renderHarness = (devices: Device[]) =>
  renderLivePage({ path: '/devices', url: '/devices', user: testUser, element: <Harness devices={devices} /> });

describe("this browser's nearness key on My devices, and device:near", () => {
  setUpPageTests();

  test('a current device the server knows no key of registers its public key, once, and the list reloads', async () => {
    vi.mocked(publicJwkOf).mockResolvedValue(publicKey);
    vi.mocked(nearnessApi.registerKey).mockResolvedValue(undefined);
    vi.mocked(devicesApi.list).mockResolvedValue({ devices: [] });
    renderHarness([makeDevice({ hasKey: false }), { ...phone, hasKey: true }]);
    await waitFor(() => expect(nearnessApi.registerKey).toHaveBeenCalledWith({ publicKey }));
    expect(publicJwkOf).toHaveBeenCalledWith(testUser.id);
    await waitFor(() => expect(devicesApi.list).toHaveBeenCalledTimes(2));
    expect(nearnessApi.registerKey).toHaveBeenCalledTimes(1);
  });

  test('a device with a key registers none: a new key would end its proofs', async () => {
    renderHarness([makeDevice({ hasKey: true }), { ...phone, hasKey: false }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nearnessApi.registerKey).not.toHaveBeenCalled();
  });

  test('device:near reloads the device list (its nearUntil)', async () => {
    vi.mocked(devicesApi.list).mockResolvedValue({ devices: [] });
    const { socket } = renderHarness([makeDevice({ hasKey: true })]);
    await waitFor(() => expect(devicesApi.list).toHaveBeenCalledTimes(1));
    act(() =>
      socket.fire('device:near', { deviceIds: [phone.id, makeDevice().id], nearUntil: new Date().toISOString() }),
    );
    await waitFor(() => expect(devicesApi.list).toHaveBeenCalledTimes(2));
  });
});
