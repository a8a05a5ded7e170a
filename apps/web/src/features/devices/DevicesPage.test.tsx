import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { DEVICE_ENDPOINTS, type Device } from '@clipsync/shared';
import { ApiError } from '../../api/api-error';
import { laptopCli, makeDevice, phone } from '../../test/device-fixtures';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { setUpPageTests, supportRadixSelect } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import DevicesPage from './DevicesPage';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const removeDevice = () => api.on(DEVICE_ENDPOINTS.remove);
const updateDevice = () => api.on(DEVICE_ENDPOINTS.update);

const thisBrowser = makeDevice();

const renderPage = () =>
  renderLivePage({ path: '/devices', url: '/devices', element: <DevicesPage />, user: testUser });

const row = (name: string) => within(screen.getByRole('listitem', { name }));

describe('DevicesPage', () => {
  setUpPageTests();
  supportRadixSelect();

  test('lists every device, this one first: kind, name, "This device", online now or last seen', async () => {
    listDevices().mockResolvedValue({ devices: [phone, laptopCli, thisBrowser] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My devices' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading devices…' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Chrome on Linux',
      'Safari on iPhone',
      'clipsync CLI',
    ]);
    expect(row('Chrome on Linux').getByText('This device')).toBeInTheDocument();
    expect(row('Safari on iPhone').queryByText('This device')).not.toBeInTheDocument();
    expect(row('Safari on iPhone').getByTestId('device-presence')).toHaveTextContent(/^Online now·Browser$/);
    expect(row('clipsync CLI').getByTestId('device-presence')).toHaveTextContent(/^Last seen 5m ago·Command line$/);
    expect(screen.getByRole('link', { name: 'Access tokens' })).toHaveAttribute('href', '/settings/tokens');
  });

  test('presence is live: a device going offline says when it was last seen; an unknown one reloads the list', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    const { socket } = renderPage();
    await screen.findByRole('listitem', { name: 'Safari on iPhone' });
    act(() =>
      socket.fire('device:presence', { deviceId: phone.id, online: false, lastSeenAt: new Date().toISOString() }),
    );
    await waitFor(() =>
      expect(row('Safari on iPhone').getByTestId('device-presence')).toHaveTextContent('Last seen just now'),
    );
    expect(listDevices()).toHaveBeenCalledTimes(1);

    listDevices().mockResolvedValue({ devices: [thisBrowser, phone, laptopCli] });
    act(() =>
      socket.fire('device:presence', { deviceId: laptopCli.id, online: true, lastSeenAt: laptopCli.lastSeenAt }),
    );
    expect(await screen.findByRole('listitem', { name: 'clipsync CLI' })).toBeInTheDocument();
  });

  test('a presence told late (older than what the list holds) changes nothing', async () => {
    const seenNow = new Date().toISOString();
    listDevices().mockResolvedValue({
      devices: [thisBrowser, { ...phone, online: true, lastSeenAt: seenNow }],
    });
    const { socket } = renderPage();
    await screen.findByRole('listitem', { name: 'Safari on iPhone' });
    const before = new Date(Date.parse(seenNow) - 1000).toISOString();
    act(() => socket.fire('device:presence', { deviceId: phone.id, online: false, lastSeenAt: before }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(row('Safari on iPhone').getByTestId('device-presence')).toHaveTextContent('Online now');
  });

  test('a presence heard while the list is being read again holds: the read answered before it is asked again', async () => {
    const offlinePhone = { ...phone, online: false, lastSeenAt: new Date(Date.now() - 60_000).toISOString() };
    listDevices().mockResolvedValue({ devices: [thisBrowser, offlinePhone] });
    const { socket } = renderPage();
    await screen.findByRole('listitem', { name: 'Safari on iPhone' });
    // A read answered before the phone's socket opened, still on its way when the phone says it is online.
    let answerStaleRead: (list: { devices: Device[] }) => void = () => undefined;
    listDevices().mockImplementationOnce(() => new Promise((resolve) => (answerStaleRead = resolve)));
    act(() => socket.fire('connect'));
    await waitFor(() => expect(listDevices()).toHaveBeenCalledTimes(2));
    const seenNow = new Date().toISOString();
    listDevices().mockResolvedValue({
      devices: [thisBrowser, { ...phone, online: true, lastSeenAt: seenNow }],
    });
    act(() => socket.fire('device:presence', { deviceId: phone.id, online: true, lastSeenAt: seenNow }));
    act(() => answerStaleRead({ devices: [thisBrowser, offlinePhone] }));
    await waitFor(() => expect(listDevices()).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(row('Safari on iPhone').getByTestId('device-presence')).toHaveTextContent('Online now');
  });

  test("a presence heard while the page's first read of the list is on its way holds: that read is replaced", async () => {
    let answerFirstRead: (list: { devices: Device[] }) => void = () => undefined;
    listDevices().mockImplementationOnce(() => new Promise((resolve) => (answerFirstRead = resolve)));
    const seenNow = new Date().toISOString();
    listDevices().mockResolvedValue({
      devices: [thisBrowser, { ...phone, online: true, lastSeenAt: seenNow }],
    });
    const { socket } = renderPage();
    await waitFor(() => expect(listDevices()).toHaveBeenCalledTimes(1));
    act(() => socket.fire('device:presence', { deviceId: phone.id, online: true, lastSeenAt: seenNow }));
    // Answered before the phone's socket opened: it says offline.
    const offlinePhone = { ...phone, online: false, lastSeenAt: new Date(Date.now() - 60_000).toISOString() };
    act(() => answerFirstRead({ devices: [thisBrowser, offlinePhone] }));
    await waitFor(() => expect(listDevices()).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(row('Safari on iPhone').getByTestId('device-presence')).toHaveTextContent('Online now'));
  });

  test('renames in place: Enter saves, a blank name is refused, Escape leaves it as it was', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    updateDevice().mockResolvedValue({ ...phone, name: 'My phone' });
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Safari on iPhone' })).getByRole('button', {
        name: 'Rename Safari on iPhone',
      }),
    );
    const field = screen.getByRole('textbox', { name: 'Device name' });
    expect(field).toHaveValue('Safari on iPhone');
    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A device name has 1 to 64 characters.');
    expect(updateDevice()).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Device name' })).not.toBeInTheDocument();
    await userEvent.click(row('Safari on iPhone').getByRole('button', { name: 'Rename Safari on iPhone' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Device name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), ' My phone {Enter}');
    expect(updateDevice()).toHaveBeenCalledWith({ params: { id: phone.id }, query: {}, body: { name: 'My phone' } });
    expect(await screen.findByRole('listitem', { name: 'My phone' })).toBeInTheDocument();
    expect((await screen.findAllByText('Device renamed'))[0]).toBeInTheDocument();
  });

  test("a rename to another device's name says so in the page's language", async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    updateDevice().mockRejectedValue(
      new ApiError('Another of your devices is already named "Chrome on Linux"', 409, 'DEVICE_NAME_TAKEN'),
    );
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Safari on iPhone' })).getByRole('button', {
        name: 'Rename Safari on iPhone',
      }),
    );
    await userEvent.clear(screen.getByRole('textbox', { name: 'Device name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), 'chrome on linux{Enter}');
    expect(
      (
        await screen.findAllByText('Another of your devices is already named “chrome on linux”. Choose another name.')
      )[0],
    ).toBeInTheDocument();
  });

  test('receiving: a browser may ask or be off, a CLI may also accept into its clipboard', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, laptopCli] });
    updateDevice().mockResolvedValue({ ...laptopCli, receivePolicy: 'accept' });
    renderPage();
    const browserPolicy = await screen.findByRole('combobox', { name: 'What Chrome on Linux does with a send' });
    expect(browserPolicy).toHaveTextContent('Ask first');
    await userEvent.click(browserPolicy);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ask first', 'Off']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('combobox', { name: 'What clipsync CLI does with a send' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accept into clipboard' }));
    expect(updateDevice()).toHaveBeenCalledWith({
      params: { id: laptopCli.id },
      query: {},
      body: { receivePolicy: 'accept' },
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'What clipsync CLI does with a send' })).toHaveTextContent(
        'Accept into clipboard',
      ),
    );
  });

  test('"Sign out this device" asks first, then signs it out and it leaves the list', async () => {
    listDevices().mockResolvedValue({ devices: [thisBrowser, phone] });
    removeDevice().mockResolvedValue();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Safari on iPhone' })).getByRole('button', {
        name: 'Sign out this device',
      }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Sign out Safari on iPhone?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(removeDevice()).not.toHaveBeenCalled();

    await userEvent.click(row('Safari on iPhone').getByRole('button', { name: 'Sign out this device' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(removeDevice()).toHaveBeenCalledWith({ params: { id: phone.id }, query: {}, body: undefined });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument());
    expect((await screen.findAllByText('Safari on iPhone signed out'))[0]).toBeInTheDocument();
  });

  test('a list that fails to load says so and offers to try again', async () => {
    listDevices().mockRejectedValueOnce(new ApiError('Server error', 500, 'INTERNAL'));
    listDevices().mockResolvedValue({ devices: [thisBrowser] });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your devices");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Chrome on Linux' })).toBeInTheDocument();
  });
});
