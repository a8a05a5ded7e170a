import { DESKTOP_ENDPOINTS, type LanDesktopData, type LanPeer } from '@clipsync/shared';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { makeDesktop, makeDesktopFileItem, makeDesktopItem } from '../../test/desktop-fixtures';
import { FakeSocket } from '../../test/fake-socket';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import { toastStore } from '../../ui/toast-store';
import DesktopPage from './DesktopPage';
import { useLanSession } from './use-lan-session';
import { fakeApi } from '../../test/fake-api';

const api = fakeApi();

const peer = (id: string, name: string): LanPeer => ({ id, name, ip: null, port: null, isHost: true });
const lanData = (items = [makeDesktopItem({ id: 'p1', content: 'Peer note' })]): LanDesktopData => ({
  desktopId: 'peer-desk',
  items,
  lastUpdated: '2026-01-01T00:00:00.000Z',
});

const emitsOf = (socket: FakeSocket, event: string) => socket.emitted.filter((emit) => emit.event === event);
const ack = (socket: FakeSocket, event: string, reply: unknown, index = -1) =>
  act(() => (emitsOf(socket, event).at(index)?.args[1] as (reply: unknown) => void)(reply));
const toast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

async function openLan({ autoConnect = true } = {}) {
  const lan = new FakeSocket();
  api.on(DESKTOP_ENDPOINTS.get).mockResolvedValue(makeDesktop({ items: [makeDesktopItem()] }));
  const { router } = renderLivePage({
    path: '/desktop',
    url: '/desktop',
    element: <DesktopPage createLanSocket={() => lan.asSocket()} />,
    user: testUser,
  });
  await screen.findByRole('article', { name: 'Hello desktop' });
  fireEvent.click(screen.getByRole('button', { name: 'LAN Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'LAN Discovery' });
  if (!autoConnect) fireEvent.click(within(dialog).getByRole('switch', { name: 'Auto-Connect' }));
  return { lan, dialog, router };
}

describe('LAN Share', () => {
  setUpPageTests();
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  test('opening LAN Share discovers only: nothing is announced until Share my desktop, after the summary', async () => {
    const { lan, dialog } = await openLan();
    expect(await toast('LAN Discovery Active')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(emitsOf(lan, 'lan:discover:request_peers')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'LAN Active', hidden: true })).toBeInTheDocument();
    // Auto-Connect (on) and a reconnect concern others' desktops: this one stays unshared.
    act(() => lan.fire('disconnect'));
    act(() => lan.fire('connect'));
    expect(emitsOf(lan, 'lan:host:announce')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Sharing with devices on this network' })).not.toBeInTheDocument();

    expect(dialog).toHaveTextContent('Your desktop — 1 block — will be visible to devices on this network');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share my desktop' }));
    const [announce] = emitsOf(lan, 'lan:host:announce');
    expect(announce?.args[0]).toMatchObject({ desktop: { desktopId: makeDesktop().id, items: [makeDesktopItem()] } });
    ack(lan, 'lan:host:announce', { ok: true });
    expect(await toast('Hosting Started')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share my desktop' })).not.toBeInTheDocument();
  });

  test('while hosting a banner on the page says so; its Stop un-announces and discovery goes on', async () => {
    const { lan, dialog } = await openLan();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share my desktop' }));
    ack(lan, 'lan:host:announce', { ok: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const banner = await screen.findByRole('region', { name: 'Sharing with devices on this network' });
    expect(banner).toHaveTextContent('Sharing with devices on this network · Stop');
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop sharing my desktop' }));
    expect(emitsOf(lan, 'lan:host:stop')).toHaveLength(1);
    expect(await toast('Hosting Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sharing with devices on this network' })).not.toBeInTheDocument();
    expect(lan.connected).toBe(true);
    // A reconnect after stopping does not share again.
    act(() => lan.fire('disconnect'));
    act(() => lan.fire('connect'));
    expect(emitsOf(lan, 'lan:host:announce')).toHaveLength(1);
  });

  test('this device is named by browser, system and a word, kept in this browser and renamed in the dialog', async () => {
    const userAgent = vi
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    onTestFinished(() => userAgent.mockRestore());
    localStorage.clear();
    const { lan, dialog } = await openLan();
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'This device’s name' });
    expect(field.value).toMatch(/^Firefox on Linux · [A-Z][a-z]+$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share my desktop' }));
    expect(emitsOf(lan, 'lan:host:announce')[0]?.args[0]).toMatchObject({ name: field.value });
    ack(lan, 'lan:host:announce', { ok: true });

    fireEvent.change(field, { target: { value: '  Kitchen laptop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await toast('Device renamed')).toBeInTheDocument();
    expect(Object.values(localStorage).includes('Kitchen laptop')).toBe(true);
    // Its peers hear the new name at once.
    expect(emitsOf(lan, 'lan:host:announce').at(-1)?.args[0]).toMatchObject({ name: 'Kitchen laptop' });
    fireEvent.change(field, { target: { value: '   ' } });
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
  });

  test('lists peers of lan:peers:list and lan:peer:announce and drops them on lan:peer:disconnect', async () => {
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    act(() => lan.fire('lan:peer:announce', { peer: peer('b', 'Phone') }));
    expect(within(dialog).getByText('Laptop')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone')).toBeInTheDocument();
    act(() => lan.fire('lan:peer:disconnect', { peerId: 'a' }));
    expect(within(dialog).queryByText('Laptop')).not.toBeInTheDocument();
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(0);
  });

  test('says under each peer how near it is; a newcomer announced is labelled once the list is asked again', async () => {
    const { lan, dialog } = await openLan();
    act(() =>
      lan.fire('lan:peers:list', {
        selfId: 'me',
        peers: [
          { ...peer('a', 'Laptop'), nearness: 'verified' },
          { ...peer('b', 'Phone'), nearness: 'unverified' },
        ],
      }),
    );
    const peers = within(dialog).getByRole('list', { name: 'Nearby devices' });
    const item = (name: string) => within(peers).getByText(name).closest('li');
    expect(item('Laptop')).toHaveTextContent(/^LaptopNearby · verifiedConnect/);
    expect(item('Phone')).toHaveTextContent(/^PhoneSame network \(unverified\)Connect/);
    // A connected host's panel on the page says it too.
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    expect(screen.getByRole('region', { name: 'Desktop of Laptop' })).toHaveTextContent('Nearby · verified');

    act(() => lan.fire('lan:peer:announce', { peer: peer('c', 'Tablet') }));
    expect(item('Tablet')).toHaveTextContent(/^TabletConnect/);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(emitsOf(lan, 'lan:discover:request_peers')).toHaveLength(1);
    act(() =>
      lan.fire('lan:peers:list', {
        selfId: 'me',
        peers: [
          { ...peer('a', 'Laptop'), nearness: 'verified' },
          { ...peer('b', 'Phone'), nearness: 'unverified' },
          { ...peer('c', 'Tablet'), nearness: 'unverified' },
        ],
      }),
    );
    expect(item('Tablet')).toHaveTextContent('Same network (unverified)');
  });

  test('an unverified peer offers "Check if nearby" where WebRTC exists; a failed check says so; a proof is listed again', async () => {
    // A stand-in that cannot open a channel: the check fails as a browser whose link cannot open would.
    Object.assign(globalThis, {
      RTCPeerConnection: class {
        createDataChannel() {
          throw new Error('no channel here');
        }
        close() {}
      },
    });
    onTestFinished(() => void Reflect.deleteProperty(globalThis, 'RTCPeerConnection'));
    const { lan, dialog } = await openLan();
    act(() =>
      lan.fire('lan:peers:list', {
        selfId: 'me',
        peers: [
          { ...peer('a', 'Laptop'), nearness: 'verified' },
          { ...peer('b', 'Phone'), nearness: 'unverified' },
        ],
      }),
    );
    const item = (name: string) => within(within(dialog).getByText(name).closest('li') as HTMLElement);
    expect(item('Laptop').queryByRole('button', { name: 'Check if nearby' })).not.toBeInTheDocument();
    fireEvent.click(item('Phone').getByRole('button', { name: 'Check if nearby' }));
    expect(await item('Phone').findByRole('alert')).toHaveTextContent('Could not check whether the device is nearby.');

    const asked = emitsOf(lan, 'lan:discover:request_peers').length;
    act(() => lan.fire('lan:near:proved', { peerId: 'b' }));
    expect(emitsOf(lan, 'lan:discover:request_peers')).toHaveLength(asked + 1);
  });

  test('a connected desktop shows on the page with Copy and Download, live, and stays when the dialog closes', async () => {
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    expect(emitsOf(lan, 'lan:peer:connect')[0]?.args[0]).toEqual({ peerId: 'a' });
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    expect(within(dialog).getByRole('button', { name: 'Connected to Laptop' })).toHaveTextContent('Connected');
    expect(await toast('Connected')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = screen.getByRole('region', { name: 'Desktop of Laptop' });
    expect(panel).toHaveTextContent('Peer note');
    expect(within(panel).getByRole('button', { name: 'Copy: Peer note' })).toBeInTheDocument();
    const file = makeDesktopFileItem();
    act(() => lan.fire('lan:desktop:update', { peerId: 'a', desktop: lanData([file]) }));
    expect(within(panel).getByRole('button', { name: 'Download: photo.png' })).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Peer note');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();

    // Closed, it stays closed while connected; Connect shows it again.
    fireEvent.click(within(panel).getByRole('button', { name: 'Close desktop of Laptop' }));
    expect(screen.queryByRole('region', { name: 'Desktop of Laptop' })).not.toBeInTheDocument();
    act(() => lan.fire('lan:desktop:update', { peerId: 'a', desktop: lanData() }));
    expect(screen.queryByRole('region', { name: 'Desktop of Laptop' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'LAN Active' }));
    const reopened = await screen.findByRole('dialog', { name: 'LAN Discovery' });
    fireEvent.click(within(reopened).getByRole('button', { name: 'Connect to Laptop' }));
    expect(screen.getByRole('region', { name: 'Desktop of Laptop', hidden: true })).toHaveTextContent('Peer note');
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(1);
  });

  test('a host that stops sharing or leaves: its panel says so at once and shows nothing of it', async () => {
    const { lan, dialog } = await openLan();
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop'), peer('b', 'Phone')] }));
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    act(() =>
      lan.fire('lan:peer:desktop_data', {
        peerId: 'b',
        desktop: lanData([makeDesktopItem({ id: 'p2', content: 'Phone note' })]),
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => lan.fire('lan:host:stopped', { peerId: 'a' }));
    const laptop = screen.getByRole('region', { name: 'Desktop of Laptop' });
    expect(within(laptop).getByRole('status')).toHaveTextContent('This desktop is no longer shared with you');
    expect(laptop).not.toHaveTextContent('Peer note');
    act(() => lan.fire('lan:peer:disconnect', { peerId: 'b' }));
    const phone = screen.getByRole('region', { name: 'Desktop of Phone' });
    expect(phone).toHaveTextContent('This desktop is no longer shared with you');
    expect(phone).not.toHaveTextContent('Phone note');
    fireEvent.click(within(laptop).getByRole('button', { name: 'Close desktop of Laptop' }));
    expect(screen.queryByRole('region', { name: 'Desktop of Laptop' })).not.toBeInTheDocument();

    // Shared again, Auto-Connect brings it back.
    act(() => lan.fire('lan:peer:announce', { peer: peer('b', 'Phone') }));
    expect(emitsOf(lan, 'lan:peer:connect').at(-1)?.args[0]).toEqual({ peerId: 'b' });
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'b', desktop: lanData() }));
    expect(screen.getByRole('region', { name: 'Desktop of Phone' })).toHaveTextContent('Peer note');
    expect(screen.getByRole('region', { name: 'Desktop of Phone' })).not.toHaveTextContent('no longer shared');
  });

  test('a peer’s file link of any other shape than a desktop file’s is shown as its name, not downloadable', async () => {
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    const crafted = [
      '/api/virtual-desktop/files/../../rooms/join/invite-token',
      '/api/virtual-desktop/files/file1file1file1file1ab/%2e%2e?access=c2lnbmVk.bWFj',
    ].map((fileUrl, index) =>
      makeDesktopFileItem({ id: `bad-${index}`, file_name: `trap-${index}.pdf`, file_url: fileUrl }),
    );
    act(() =>
      lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData([...crafted, makeDesktopFileItem()]) }),
    );
    const section = screen.getByRole('region', { name: 'Desktop of Laptop', hidden: true });
    expect(
      within(section)
        .getAllByRole('button', { name: /^Download/, hidden: true })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Download: photo.png']);
    expect(section).toHaveTextContent('trap-0.pdf');
    expect(section).toHaveTextContent('trap-1.pdf');
  });

  test('after the socket reconnects, the hosts it was connected to are asked for again and kept current', async () => {
    const { lan } = await openLan();
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(1);

    act(() => lan.fire('disconnect'));
    act(() => lan.fire('connect'));
    act(() => lan.fire('lan:peers:list', { selfId: 'me-again', peers: [peer('a', 'Laptop')] }));
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(2);
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    const section = screen.getByRole('region', { name: 'Desktop of Laptop', hidden: true });
    act(() => lan.fire('lan:desktop:update', { peerId: 'a', desktop: lanData([makeDesktopFileItem()]) }));
    expect(within(section).getByRole('button', { name: 'Download: photo.png', hidden: true })).toBeInTheDocument();
  });

  test('a connect without answer in 5 s fails with Could not connect to peer', async () => {
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(await toast('Connection Failed')).toBeInTheDocument();
    expect(await toast('Could not connect to peer')).toBeInTheDocument();
  });

  test('other refusals say Failed to connect to peer; NOT_LOCAL_NETWORK only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    act(() => lan.fire('lan:error', { code: 'NOT_LOCAL_NETWORK', message: 'not local' }));
    ack(lan, 'lan:peer:connect', { ok: false, error: 'not local', code: 'NOT_LOCAL_NETWORK' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('LAN features are disabled'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    ack(lan, 'lan:peer:connect', { ok: false, error: 'boom', code: 'INTERNAL' });
    expect(await toast('Failed to connect to peer')).toBeInTheDocument();
    warn.mockRestore();
  });

  test('Auto-Connect toasts and connects to a host that appears only while on', async () => {
    const { lan, dialog } = await openLan();
    act(() => lan.fire('lan:peer:announce', { peer: peer('a', 'Laptop') }));
    expect(emitsOf(lan, 'lan:peer:connect')[0]?.args[0]).toEqual({ peerId: 'a' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Auto-Connect' }));
    expect(await toast('Auto-Connect Disabled')).toBeInTheDocument();
    act(() => lan.fire('lan:peer:announce', { peer: peer('b', 'Phone') }));
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Auto-Connect' }));
    expect(await toast('Auto-Connect Enabled')).toBeInTheDocument();
  });

  test('before anything is shared, Stop says it stops looking for devices, and is not red', async () => {
    const { lan, dialog } = await openLan();
    expect(within(dialog).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    const stop = within(dialog).getByRole('button', { name: 'Stop looking for devices' });
    expect(stop).not.toHaveClass('bg-red-600');
    fireEvent.click(stop);
    expect(lan.connected).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Hosting Stopped')).not.toBeInTheDocument();
  });

  test('sharing lasts while the page is open, as the dialog and banner say; leaving says it stopped', async () => {
    const { lan, dialog, router } = await openLan();
    const note = 'Only while this page is open: leaving Virtual Desktop stops sharing.';
    expect(dialog).toHaveTextContent(note);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share my desktop' }));
    ack(lan, 'lan:host:announce', { ok: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('region', { name: 'Sharing with devices on this network' })).toHaveTextContent(note);

    await act(() => router.navigate('/dashboard'));
    expect(lan.connected).toBe(false);
    expect(toastStore.getToasts()[0]).toMatchObject({
      title: 'Hosting Stopped',
      description: 'You left Virtual Desktop, so your desktop is no longer shared.',
    });
  });

  test('Stop ends hosting and discovery and disconnects', async () => {
    const { lan, dialog } = await openLan();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share my desktop' }));
    ack(lan, 'lan:host:announce', { ok: true });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing and looking for devices' }));
    expect(await toast('Hosting Stopped')).toBeInTheDocument();
    expect(lan.connected).toBe(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(emitsOf(lan, 'lan:discover:request_peers')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'LAN Share', hidden: true })).toBeInTheDocument();
  });
});

describe('useLanSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('sends lan:host:update 500 ms after the last change of the desktop', () => {
    const lan = new FakeSocket();
    const first = makeDesktop();
    const { result, rerender } = renderHook(({ desktop }) => useLanSession(desktop, () => lan.asSocket()), {
      initialProps: { desktop: first },
    });
    act(() => result.current.start());
    act(() => result.current.share());
    ack(lan, 'lan:host:announce', { ok: true });
    const changed = makeDesktop({ items: [makeDesktopItem({ content: 'Changed' })] });
    rerender({ desktop: changed });
    act(() => vi.advanceTimersByTime(300));
    rerender({ desktop: makeDesktop({ items: [makeDesktopItem({ content: 'Changed again' })] }) });
    act(() => vi.advanceTimersByTime(499));
    expect(emitsOf(lan, 'lan:host:update')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(emitsOf(lan, 'lan:host:update')).toHaveLength(1);
    expect(emitsOf(lan, 'lan:host:update')[0]?.args[0]).toMatchObject({
      desktop: { desktopId: first.id, items: [{ content: 'Changed again' }] },
    });
  });

  test('says so when there is no desktop to host, and when hosting fails', () => {
    const lan = new FakeSocket();
    const { result, rerender } = renderHook(({ desktop }) => useLanSession(desktop, () => lan.asSocket()), {
      initialProps: { desktop: undefined as ReturnType<typeof makeDesktop> | undefined },
    });
    act(() => result.current.start());
    act(() => result.current.share());
    expect(emitsOf(lan, 'lan:host:announce')).toHaveLength(0);
    expect(toastStore.getToasts().map((shown) => shown.title)).toContain('No desktop data available to host');
    rerender({ desktop: makeDesktop() });
    expect(result.current.isHosting).toBe(false);
    act(() => result.current.stop());
    const again = new FakeSocket();
    const hosted = renderHook(() => useLanSession(makeDesktop(), () => again.asSocket()));
    act(() => hosted.result.current.start());
    act(() => hosted.result.current.share());
    ack(again, 'lan:host:announce', {
      ok: false,
      error: 'Too many devices are sharing on this network',
      code: 'RATE_LIMITED',
    });
    expect(toastStore.getToasts()[0]).toMatchObject({
      title: 'Failed to start hosting',
      description: 'Too many devices are sharing on this network',
    });
    expect(hosted.result.current.isHosting).toBe(false);
  });
});
