import { DEVICE_ENDPOINTS } from '@clipsync/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { sendFilesThroughServer } from '../../api/send-files-through-server';
import { DirectTransferRefusedError } from '../../lib/near/file-transfer';
import { NearUnreachableError } from '../../lib/near/near-link';
import { sendFilesToDeviceDirectly } from '../../realtime/send-files-directly';
import { laptopCli, makeDevice, phone } from '../../test/device-fixtures';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import DevicesPage from './DevicesPage';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);

vi.mock('../../api/send-files-through-server', () => ({ sendFilesThroughServer: vi.fn() }));
vi.mock('../../realtime/send-files-directly', () => ({ sendFilesToDeviceDirectly: vi.fn() }));

const thisBrowser = makeDevice();
const nearPhone = { ...phone, nearUntil: new Date(Date.now() + 3_600_000).toISOString() };
const photo = new File(['jpeg bytes'], 'photo.jpg', { type: 'image/jpeg' });
const notes = new File(['notes'], 'notes.txt', { type: 'text/plain' });
const row = (name: string) => within(screen.getByRole('listitem', { name }));

async function sendFiles(to: string, files: File[]) {
  renderLivePage({ path: '/devices', url: '/devices', element: <DevicesPage />, user: testUser });
  await screen.findByRole('listitem', { name: to });
  await userEvent.upload(row(to).getByLabelText(`Files to send to ${to}`), files);
}

describe('My devices: "Send files"', () => {
  setUpPageTests();
  // jsdom has no WebRTC; the direct link itself is mocked here.
  beforeAll(() => vi.stubGlobal('RTCPeerConnection', class {}));
  afterAll(() => vi.unstubAllGlobals());

  test('to a proved-near device the files go directly', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, nearPhone] });
    vi.mocked(sendFilesToDeviceDirectly).mockResolvedValue();
    await sendFiles('Safari on iPhone', [photo, notes]);
    expect(await row('Safari on iPhone').findByRole('status')).toHaveTextContent('Sent directly to Safari on iPhone');
    expect(sendFilesToDeviceDirectly).toHaveBeenCalledWith(
      expect.objectContaining({ deviceId: phone.id, fromName: 'Chrome on Linux', files: [photo, notes] }),
    );
    expect(sendFilesThroughServer).not.toHaveBeenCalled();
  });

  test('a direct link that cannot open, or is refused, gives way to the server for what did not arrive', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, nearPhone] });
    vi.mocked(sendFilesToDeviceDirectly).mockImplementation(async ({ files, onProgress }) => {
      onProgress?.(files[0] as File, 1);
      throw new DirectTransferRefusedError('no answer');
    });
    vi.mocked(sendFilesThroughServer).mockResolvedValue({ sends: [] });
    await sendFiles('Safari on iPhone', [photo, notes]);
    expect(await row('Safari on iPhone').findByText('Sent through the server to Safari on iPhone')).toBeVisible();
    expect(sendFilesThroughServer).toHaveBeenCalledWith(phone.id, [notes], expect.any(Function));

    vi.mocked(sendFilesToDeviceDirectly).mockRejectedValue(new NearUnreachableError());
    await userEvent.upload(row('Safari on iPhone').getByLabelText('Files to send to Safari on iPhone'), [photo]);
    expect(sendFilesThroughServer).toHaveBeenLastCalledWith(phone.id, [photo], expect.any(Function));
  });

  test('a device not proved near gets them through the server; one whose receiving is off says so', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone, { ...laptopCli, online: true }] });
    vi.mocked(sendFilesThroughServer).mockRejectedValue(
      new ApiError('Not receiving', 409, 'DEVICE_NOT_RECEIVING', undefined, undefined, {}, [laptopCli.id]),
    );
    await sendFiles('clipsync CLI', [notes]);
    expect(await row('clipsync CLI').findByRole('alert')).toHaveTextContent(
      'Not sent: receiving is off on clipsync CLI.',
    );
    expect(sendFilesToDeviceDirectly).not.toHaveBeenCalled();
    expect(row('clipsync CLI').getByRole('button', { name: 'Send files' })).toBeEnabled();
  });
});
