import 'fake-indexeddb/auto';
import { CLIP_ENDPOINTS, CLIPBOARD_KEY_ENDPOINTS, DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { AccountKey, encryptText } from '@clipsync/shared/crypto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { copyText } from '../lib/browser-files';
import { newClipKey } from '../lib/clipboard-key/clip-keys';
import { unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { answerClipboardKeyOff } from '../test/clipboard-key-fixtures';
import { makeDevice, makeDeviceSend } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { makeClip, OWNER_ABILITIES, testUser } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { renderLivePage } from '../test/render-live-page';
import { toastStore } from '../ui/toast-store';
import { DeviceInbox } from './DeviceInbox';

const api = fakeApi();
const ackSend = () => api.on(DEVICE_SEND_ENDPOINTS.ack);
const pendingSends = () => api.on(DEVICE_SEND_ENDPOINTS.pending);
const registerDevice = () => api.on(DEVICE_ENDPOINTS.register);

vi.mock('../lib/browser-files', () => ({ copyText: vi.fn() }));

const clipSend = makeDeviceSend({
  id: 'SEND000000000000000002',
  text: undefined,
  clip: { id: 'CLIP00000000000000001A', content: 'meeting notes', encrypted: false, files: [] },
});

const renderInbox = (socket?: FakeSocket) =>
  renderLivePage({ path: '/dashboard', url: '/dashboard', element: <DeviceInbox />, user: testUser, socket });

/** The toast on screen (Radix repeats its words in a live region). */
const shownToast = () => toastStore.getToasts().find((toast) => toast.open);
const acks = (socket: FakeSocket) =>
  socket.emitted.filter(({ event }) => event === 'device:send-ack').map(({ args }) => args[0]);

describe('DeviceInbox', () => {
  setUpPageTests();
  beforeEach(() => {
    sessionStorage.clear();
    registerDevice().mockResolvedValue(makeDevice());
    pendingSends().mockResolvedValue({ sends: [] });
    vi.mocked(copyText).mockResolvedValue();
    answerClipboardKeyOff(api);
  });

  test('a send shows "From <device>" with its text and Copy; a repeat of its id shows nothing new but is acknowledged', async () => {
    const { socket } = renderInbox();
    await waitFor(() => expect(pendingSends()).toHaveBeenCalled());
    const send = makeDeviceSend({ id: 'SEND0000000000000000A1' });
    act(() => socket.fire('device:send', send));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({ title: 'From Safari on iPhone', description: 'hello from the phone' }),
    );
    expect(acks(socket)).toEqual([{ id: send.id }]);
    // A toast's buttons take a plain click: Radix Toast's swipe asks jsdom for pointer capture it lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledWith('hello from the phone');
    await waitFor(() => expect(shownToast()?.title).toBe('Copied'));

    const show = vi.spyOn(toastStore, 'show');
    act(() => socket.fire('device:send', send));
    expect(acks(socket)).toEqual([{ id: send.id }, { id: send.id }]);
    expect(show).not.toHaveBeenCalled();
  });

  test('registers this browser once and shows what waited for it; a sent clip opens on Open', async () => {
    pendingSends().mockResolvedValue({ sends: [clipSend] });
    const { socket, router } = renderInbox();
    await waitFor(() =>
      expect(shownToast()).toMatchObject({ title: 'From Safari on iPhone', description: 'meeting notes' }),
    );
    expect(registerDevice()).toHaveBeenCalledTimes(1);
    expect(registerDevice()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { name: expect.any(String), kind: 'browser' },
    });
    expect(acks(socket)).toEqual([{ id: clipSend.id }]);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(router.state.location.pathname).toBe('/clips/CLIP00000000000000001A');
  });

  test('what was handled before a reload of the tab shows nothing again', async () => {
    sessionStorage.setItem('clipsync.deviceSends.handled', JSON.stringify([clipSend.id]));
    pendingSends().mockResolvedValue({ sends: [clipSend] });
    const show = vi.spyOn(toastStore, 'show');
    const { socket } = renderInbox();
    await waitFor(() => expect(acks(socket)).toEqual([{ id: clipSend.id }]));
    expect(show).not.toHaveBeenCalled();
  });

  test('a send pulled while the socket is away is acknowledged over HTTP', async () => {
    pendingSends().mockResolvedValue({ sends: [clipSend] });
    ackSend().mockResolvedValue();
    renderInbox(new FakeSocket());
    await waitFor(() =>
      expect(ackSend()).toHaveBeenCalledWith({ params: { id: clipSend.id }, query: {}, body: undefined }),
    );
  });

  test('an installed app that accepts into its clipboard copies at once and says so', async () => {
    registerDevice().mockResolvedValue(makeDevice({ kind: 'app', receivePolicy: 'accept' }));
    pendingSends().mockResolvedValue({ sends: [makeDeviceSend()] });
    renderInbox();
    await waitFor(() => expect(shownToast()?.title).toBe('Copied from Safari on iPhone'));
    expect(copyText).toHaveBeenCalledWith('hello from the phone');
  });

  test("a page opened by a notification's Copy on a send copies that send at once, and only that one", async () => {
    const notified = makeDeviceSend({ id: 'SEND000000000000000009', text: 'from the notification' });
    pendingSends().mockResolvedValue({ sends: [makeDeviceSend(), notified] });
    const url = `/devices?send=${notified.id}&copy=1`;
    renderLivePage({ path: '/devices', url, element: <DeviceInbox />, user: testUser });
    await waitFor(() => expect(copyText).toHaveBeenCalledWith('from the notification'));
    expect(copyText).not.toHaveBeenCalledWith('hello from the phone');
  });

  test('a sent clip with files names its file and size: "<device> sent report.pdf (1.2 MB)"', async () => {
    const file = (name: string, size: number) => ({ name, size, type: 'application/pdf', url: `/api/files/${name}` });
    const filesOnly = makeDeviceSend({
      id: 'SEND0000000000000000F1',
      text: undefined,
      clip: { ...clipSend.clip!, content: '', files: [file('report.pdf', 1_258_291)] },
    });
    const withText = makeDeviceSend({
      id: 'SEND0000000000000000F2',
      text: undefined,
      clip: { ...clipSend.clip!, files: [file('a.pdf', 2048), file('b.pdf', 1), file('c.pdf', 1)] },
    });
    pendingSends().mockResolvedValue({ sends: [filesOnly, withText] });
    const show = vi.spyOn(toastStore, 'show');
    renderInbox();
    await waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show.mock.calls[0]?.[0]).toMatchObject({ title: 'Safari on iPhone sent report.pdf (1.2 MB)' });
    expect(show.mock.calls[0]?.[0]).not.toHaveProperty('description');
    act(() => toastStore.dismiss(show.mock.results[0]?.value as string));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: 'Safari on iPhone sent a.pdf (2 KB) and 2 more files',
        description: 'meeting notes',
      }),
    );
  });
});

describe('DeviceInbox, for an account whose clipboard is encrypted end to end', () => {
  setUpPageTests();
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    registerDevice().mockResolvedValue(makeDevice());
    pendingSends().mockResolvedValue({ sends: [] });
    vi.mocked(copyText).mockResolvedValue();
  });
  afterEach(() => unlockedKeyStore.forgetAll());

  /** The account's clipboard is sealed, its key (and so its clips' keys) made here; `unlock` keeps it here. */
  async function sealAccount() {
    const account = AccountKey.generate();
    const keyId = await account.id();
    const sealingKey = await account.sealingKey();
    api
      .on(CLIPBOARD_KEY_ENDPOINTS.status)
      .mockResolvedValue({ enabled: true, keyId, passphraseSalt: 'c2FsdA', plainClips: 0, sealedClips: 1 });
    const seal = async (text: string) => {
      const { key, wrappedKey } = await newClipKey(sealingKey);
      return { text: await encryptText(text, key), wrappedKey };
    };
    const unlock = () => unlockedKeyStore.keep({ userId: testUser.id, keyId, sealingKey, isRemembered: false });
    return { seal, unlock };
  }

  test('unlocked here: sealed text shows and copies opened, and is acknowledged', async () => {
    const { seal, unlock } = await sealAccount();
    await unlock();
    const send = makeDeviceSend({ id: 'SEND0000000000000000S1', ...(await seal('the door code is 2580')) });
    const { socket } = renderInbox();
    act(() => socket.fire('device:send', send));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({ title: 'From Safari on iPhone', description: 'the door code is 2580' }),
    );
    expect(acks(socket)).toEqual([{ id: send.id }]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledExactlyOnceWith('the door code is 2580');
    expect(document.body.textContent).not.toContain(send.text!.slice(0, 16));
  });

  test('a device that accepts into its clipboard copies the opened text at once', async () => {
    const { seal, unlock } = await sealAccount();
    await unlock();
    registerDevice().mockResolvedValue(makeDevice({ kind: 'app', receivePolicy: 'accept' }));
    pendingSends().mockResolvedValue({
      sends: [makeDeviceSend({ id: 'SEND0000000000000000S2', ...(await seal('auto copied')) })],
    });
    renderInbox();
    await waitFor(() => expect(shownToast()?.title).toBe('Copied from Safari on iPhone'));
    expect(copyText).toHaveBeenCalledExactlyOnceWith('auto copied');
  });

  test('locked here: "Locked" with Unlock, no Copy, not acknowledged; once unlocked, its next delivery opens', async () => {
    const { seal, unlock } = await sealAccount();
    const send = makeDeviceSend({ id: 'SEND0000000000000000L1', ...(await seal('held for later')) });
    const { socket } = renderInbox();
    act(() => socket.fire('device:send', send));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: 'From Safari on iPhone', description: 'Locked' }));
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(acks(socket)).toEqual([]);
    expect(copyText).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain(send.text!.slice(0, 16));

    // The server's redelivery, still locked: nothing new. (An earlier test's spy may still count the first toast.)
    const show = vi.spyOn(toastStore, 'show');
    show.mockClear();
    act(() => socket.fire('device:send', send));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(show).not.toHaveBeenCalled();
    expect(acks(socket)).toEqual([]);

    // Unlocked (in the privacy settings, where Unlock leads), the server's next delivery opens it.
    await act(() => unlock());
    act(() => toastStore.dismiss(shownToast()!.id));
    act(() => socket.fire('device:send', send));
    await waitFor(() => expect(shownToast()).toMatchObject({ description: 'held for later' }), { timeout: 3000 });
    expect(acks(socket)).toEqual([{ id: send.id }]);
  });

  test('a cut envelope says it did not open, offers no Copy, and is acknowledged', async () => {
    const { seal, unlock } = await sealAccount();
    await unlock();
    const sealed = await seal('never shown');
    const send = makeDeviceSend({ id: 'SEND0000000000000000C1', ...sealed, text: sealed.text.slice(0, -12) });
    const { socket } = renderInbox();
    act(() => socket.fire('device:send', send));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({ description: "This send did not open with your clipboard's key." }),
    );
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(acks(socket)).toEqual([{ id: send.id }]);
  });

  test("a sent sealed clip opens with its owner's copy's key: its text shows and copies, Open opens it", async () => {
    const { seal, unlock } = await sealAccount();
    await unlock();
    const { text: envelope, wrappedKey } = await seal('sealed meeting notes');
    const clip = { id: 'CLIP0000000000000000S1', content: envelope, encrypted: true, files: [] };
    api.on(CLIP_ENDPOINTS.get).mockResolvedValue(makeClip({ ...clip, wrappedKey, abilities: OWNER_ABILITIES }));
    pendingSends().mockResolvedValue({
      sends: [makeDeviceSend({ id: 'SEND0000000000000000S3', text: undefined, clip })],
    });
    renderInbox();
    await waitFor(() => expect(shownToast()).toMatchObject({ description: 'sealed meeting notes' }));
    expect(api.on(CLIP_ENDPOINTS.get)).toHaveBeenCalledWith({ params: { id: clip.id }, query: {}, body: undefined });
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledExactlyOnceWith('sealed meeting notes');
  });
});
