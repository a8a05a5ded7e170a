import type { LanDesktopData, LanPeer } from '@clipsync/shared';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { desktopApi } from '../../api/desktop-api';
import { makeDesktop, makeDesktopFileItem, makeDesktopItem } from '../../test/desktop-fixtures';
import { FakeSocket } from '../../test/fake-socket';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import { toastStore } from '../../ui/toast-store';
import DesktopPage from './DesktopPage';
import { useLanSession } from './use-lan-session';

vi.mock('../../api/desktop-api', () => import('../../test/desktop-api-mock'));
vi.mock('../../api/network-api', () => ({ networkApi: { shareOrigins: vi.fn() } }));

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

async function openLan({ autoConnect = true, ackAnnounce = true } = {}) {
  const lan = new FakeSocket();
  vi.mocked(desktopApi.get).mockResolvedValue(makeDesktop({ items: [makeDesktopItem()] }));
  renderLivePage({
    path: '/desktop',
    url: '/desktop',
    element: <DesktopPage createLanSocket={() => lan.asSocket()} />,
    user: testUser,
  });
  await screen.findByRole('article', { name: 'Hello desktop' });
  fireEvent.click(screen.getByRole('button', { name: 'LAN Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'LAN Discovery' });
  if (ackAnnounce) ack(lan, 'lan:host:announce', { ok: true });
  if (!autoConnect) fireEvent.click(within(dialog).getByRole('switch', { name: 'Auto-Connect' }));
  return { lan, dialog };
}

describe('LAN Share', () => {
  setUpPageTests();
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  test('hosting announces the desktop, discovers every 10 s and shows LAN Active', async () => {
    const { lan } = await openLan({ ackAnnounce: false });
    const [announce] = emitsOf(lan, 'lan:host:announce');
    expect(announce?.args[0]).toMatchObject({ desktop: { desktopId: makeDesktop().id, items: [makeDesktopItem()] } });
    expect(await toast('LAN Discovery Active')).toBeInTheDocument();
    ack(lan, 'lan:host:announce', { ok: true });
    expect(await toast('Hosting Started')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(emitsOf(lan, 'lan:discover:request_peers')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'LAN Active', hidden: true })).toBeInTheDocument();
  });

  test('hosting names this device to its peers by browser and system', async () => {
    const userAgent = vi
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    onTestFinished(() => userAgent.mockRestore());
    const { lan } = await openLan({ ackAnnounce: false });
    expect(emitsOf(lan, 'lan:host:announce')[0]?.args[0]).toMatchObject({ name: 'Firefox on Linux' });
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

  test('connect shows Connected and the peer’s desktop, kept current by lan:desktop:update', async () => {
    const { lan, dialog } = await openLan({ autoConnect: false });
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect to Laptop' }));
    expect(emitsOf(lan, 'lan:peer:connect')[0]?.args[0]).toEqual({ peerId: 'a' });
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    expect(within(dialog).getByRole('button', { name: 'Connected to Laptop' })).toHaveTextContent('Connected');
    expect(await toast('Connected')).toBeInTheDocument();
    const section = within(dialog).getByRole('region', { name: 'Desktop of Laptop' });
    expect(section).toHaveTextContent('Peer note');
    const file = makeDesktopFileItem();
    act(() => lan.fire('lan:desktop:update', { peerId: 'a', desktop: lanData([file]) }));
    expect(within(section).getByRole('link', { name: 'photo.png' })).toHaveAttribute('href', file.file_url);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();
  });

  test('a peer’s file link of any other shape than a desktop file’s is shown as its name, not as a link', async () => {
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
    const section = within(dialog).getByRole('region', { name: 'Desktop of Laptop' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([makeDesktopFileItem().file_url]);
    expect(section).toHaveTextContent('trap-0.pdf');
    expect(section).toHaveTextContent('trap-1.pdf');
  });

  test('after the socket reconnects, the hosts it was connected to are asked for again and kept current', async () => {
    const { lan, dialog } = await openLan();
    act(() => lan.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Laptop')] }));
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(1);

    act(() => lan.fire('disconnect'));
    act(() => lan.fire('connect'));
    act(() => lan.fire('lan:peers:list', { selfId: 'me-again', peers: [peer('a', 'Laptop')] }));
    expect(emitsOf(lan, 'lan:peer:connect')).toHaveLength(2);
    act(() => lan.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() }));
    const section = within(dialog).getByRole('region', { name: 'Desktop of Laptop' });
    act(() => lan.fire('lan:desktop:update', { peerId: 'a', desktop: lanData([makeDesktopFileItem()]) }));
    expect(within(section).getByRole('link', { name: 'photo.png' })).toBeInTheDocument();
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

  test('Stop ends hosting and discovery and disconnects', async () => {
    const { lan, dialog } = await openLan();
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
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
    expect(emitsOf(lan, 'lan:host:announce')).toHaveLength(0);
    expect(toastStore.getToasts().map((shown) => shown.title)).toContain('No desktop data available to host');
    rerender({ desktop: makeDesktop() });
    expect(result.current.isHosting).toBe(false);
    act(() => result.current.stop());
    const again = new FakeSocket();
    const hosted = renderHook(() => useLanSession(makeDesktop(), () => again.asSocket()));
    act(() => hosted.result.current.start());
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
