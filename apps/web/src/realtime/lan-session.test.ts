import type { LanDesktopData, LanPeer } from '@clipsync/shared';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeDesktop, makeDesktopItem } from '../test/desktop-fixtures';
import { FakeSocket } from '../test/fake-socket';
import {
  LAN_DISCOVERY_POLL_MS,
  LAN_HOST_UPDATE_DELAY_MS,
  LAN_PEER_CONNECT_TIMEOUT_MS,
  LAN_RELIST_AFTER_ANNOUNCE_MS,
  LanSession,
  type LanNotice,
} from './lan-session';

const peer = (id: string, name = `Device ${id}`, isHost = true): LanPeer => ({
  id,
  name,
  ip: null,
  port: null,
  isHost,
});
const lanData = (content = 'Peer note'): LanDesktopData => ({
  desktopId: 'peer-desk',
  items: [makeDesktopItem({ id: 'p1', content })],
  lastUpdated: '2026-01-01T00:00:00.000Z',
});

/** A session on a fake socket, with what it told its user. */
function newSession() {
  const socket = new FakeSocket();
  const createSocket = vi.fn(() => socket.asSocket());
  const session = new LanSession(createSocket);
  const notices: LanNotice[] = [];
  session.onNotice((notice) => notices.push(notice));
  session.setDesktop(makeDesktop());
  // Timers not the session's (jsdom's storage of the device name) are there before it starts.
  const othersTimers = vi.getTimerCount();
  const emitsOf = (event: string) => socket.emitted.filter((emit) => emit.event === event);
  /** Answers the last `event` emitted, as the server's acknowledgement would. */
  const ack = (event: string, reply: unknown) =>
    (emitsOf(event).at(-1)?.args.at(-1) as (reply: unknown) => void)(reply);
  const titles = () => notices.map((notice) => notice.title);
  const state = () => session.getState();
  return { socket, createSocket, session, notices, titles, emitsOf, ack, state, othersTimers };
}

/** A session that shares its desktop, the server having accepted the announce. */
function hostingSession() {
  const lan = newSession();
  lan.session.start();
  lan.session.share();
  lan.ack('lan:host:announce', { ok: true });
  return lan;
}

describe('LanSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('start discovers: one socket, connected, active, peers asked for every 10 s, nothing announced', () => {
    const { session, socket, createSocket, titles, emitsOf, state } = newSession();
    const listener = vi.fn();
    session.subscribe(listener);
    expect(state()).toMatchObject({ isActive: false, isDiscovering: false, isHosting: false, isAutoConnect: true });

    session.start();
    session.start();
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(socket.connected).toBe(true);
    expect(state()).toMatchObject({ isActive: true, isDiscovering: true, isHosting: false });
    expect(listener).toHaveBeenCalled();
    expect(titles()).toEqual(['lan.discoveryActive']);

    vi.advanceTimersByTime(LAN_DISCOVERY_POLL_MS);
    expect(emitsOf('lan:discover:request_peers')).toHaveLength(1);
    // A reconnect, with Auto-Connect on and hosts about, still shares nothing of this device.
    socket.fire('lan:peers:list', { selfId: 'me', peers: [peer('a')] });
    socket.fire('disconnect');
    socket.fire('connect');
    expect(emitsOf('lan:host:announce')).toHaveLength(0);
    expect(state().isHosting).toBe(false);
  });

  test('the status indicator follows the socket at the next 2 s poll', () => {
    const { session, socket, state } = newSession();
    session.start();
    socket.connected = false;
    vi.advanceTimersByTime(2000);
    expect(state().isActive).toBe(false);
    socket.connected = true;
    vi.advanceTimersByTime(2000);
    expect(state().isActive).toBe(true);
  });

  test('hosting starts only on share, once the server accepts the announce of this device and its desktop', () => {
    const { session, titles, emitsOf, ack, state } = newSession();
    session.start();
    session.share();
    const [announce] = emitsOf('lan:host:announce');
    expect(announce?.args[0]).toMatchObject({
      name: state().deviceName,
      desktop: { desktopId: makeDesktop().id, items: makeDesktop().items },
    });
    expect(state().isHosting).toBe(false);
    ack('lan:host:announce', { ok: true });
    expect(state()).toMatchObject({ isHosting: true, isActive: true });
    expect(titles()).toEqual(['lan.discoveryActive', 'lan.hostingStarted']);
  });

  test('share before start opens the socket and announces on its connect', () => {
    const { session, createSocket, emitsOf } = newSession();
    session.share();
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(emitsOf('lan:host:announce')).toHaveLength(1);
  });

  test('without a desktop nothing is announced; a refused announce is not tried again on reconnect', () => {
    const empty = newSession();
    empty.session.setDesktop(undefined);
    empty.session.start();
    empty.session.share();
    expect(empty.emitsOf('lan:host:announce')).toHaveLength(0);
    expect(empty.notices.at(-1)).toEqual({ tone: 'error', title: 'lan.noDesktopData' });

    const { session, socket, notices, emitsOf, ack, state } = newSession();
    session.start();
    session.share();
    ack('lan:host:announce', { ok: false, error: 'Too many hosts on this network' });
    expect(state().isHosting).toBe(false);
    expect(notices.at(-1)).toEqual({
      tone: 'error',
      title: 'lan.hostingFailed',
      detail: { serverSays: 'Too many hosts on this network' },
    });
    socket.fire('connect');
    expect(emitsOf('lan:host:announce')).toHaveLength(1);
  });

  test('while hosting, a reconnect announces again and a changed desktop is sent 500 ms after its last change', () => {
    const { session, socket, emitsOf } = hostingSession();
    session.setDesktop(makeDesktop({ items: [makeDesktopItem({ content: 'one' })] }));
    vi.advanceTimersByTime(LAN_HOST_UPDATE_DELAY_MS - 1);
    session.setDesktop(makeDesktop({ items: [makeDesktopItem({ content: 'two' })] }));
    vi.advanceTimersByTime(LAN_HOST_UPDATE_DELAY_MS);
    expect(emitsOf('lan:host:update').map(({ args }) => args[0])).toEqual([
      { desktop: expect.objectContaining({ items: [makeDesktopItem({ content: 'two' })] }) },
    ]);
    socket.fire('connect');
    expect(emitsOf('lan:host:announce')).toHaveLength(2);
  });

  test('peers come from the list and from announces, and Auto-Connect asks for hosts’ desktops only', () => {
    const { socket, session, emitsOf, state } = newSession();
    session.start();
    socket.fire('lan:peers:list', { selfId: 'me', peers: [peer('a'), peer('b', 'Viewer', false)] });
    expect(state().peers.map(({ id }) => id)).toEqual(['a', 'b']);
    socket.fire('lan:peer:announce', { peer: peer('c') });
    socket.fire('lan:peer:announce', { peer: peer('a', 'Kitchen') });
    expect(state().peers).toEqual([peer('b', 'Viewer', false), peer('c'), peer('a', 'Kitchen')]);
    expect(emitsOf('lan:peer:connect').map(({ args }) => args[0])).toEqual([{ peerId: 'a' }, { peerId: 'c' }]);

    session.setAutoConnect(false);
    socket.fire('lan:peer:announce', { peer: peer('d') });
    expect(emitsOf('lan:peer:connect')).toHaveLength(2);
  });

  test('announces make the list be asked again 300 ms after the last, to label newcomers; the list labels them', () => {
    const { socket, session, emitsOf, state } = newSession();
    session.start();
    session.setAutoConnect(false);
    socket.fire('lan:peers:list', { selfId: 'me', peers: [{ ...peer('a'), nearness: 'verified' }] });
    socket.fire('lan:peer:announce', { peer: peer('b') });
    vi.advanceTimersByTime(LAN_RELIST_AFTER_ANNOUNCE_MS - 100);
    socket.fire('lan:peer:announce', { peer: peer('c') });
    vi.advanceTimersByTime(LAN_RELIST_AFTER_ANNOUNCE_MS - 1);
    expect(emitsOf('lan:discover:request_peers')).toHaveLength(0);
    expect(state().peers.map(({ id, nearness }) => [id, nearness])).toEqual([
      ['a', 'verified'],
      ['b', undefined],
      ['c', undefined],
    ]);
    vi.advanceTimersByTime(1);
    expect(emitsOf('lan:discover:request_peers')).toHaveLength(1);
    socket.fire('lan:peers:list', {
      selfId: 'me',
      peers: [
        { ...peer('c'), nearness: 'verified' },
        { ...peer('a'), nearness: 'verified' },
        { ...peer('b'), nearness: 'unverified' },
      ],
    });
    expect(state().peers.map(({ id, nearness }) => [id, nearness])).toEqual([
      ['c', 'verified'],
      ['a', 'verified'],
      ['b', 'unverified'],
    ]);

    // A session that stops asks nothing more.
    socket.fire('lan:peer:announce', { peer: peer('d') });
    session.stop();
    vi.advanceTimersByTime(LAN_RELIST_AFTER_ANNOUNCE_MS);
    expect(emitsOf('lan:discover:request_peers')).toHaveLength(1);
  });

  test('a connected host’s desktop is shown and kept current; a connect without answer fails in 5 s', () => {
    const { socket, session, notices, titles, state } = newSession();
    session.start();
    socket.fire('lan:peers:list', { selfId: 'me', peers: [peer('a'), peer('b')] });
    socket.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() });
    expect(titles()).toEqual(['lan.discoveryActive', 'lan.connected']);
    socket.fire('lan:desktop:update', { peerId: 'a', desktop: lanData('Edited') });
    expect(state().connected).toEqual({ a: lanData('Edited') });

    vi.advanceTimersByTime(LAN_PEER_CONNECT_TIMEOUT_MS);
    expect(notices.at(-1)).toEqual({
      tone: 'error',
      title: 'lan.connectionFailed',
      detail: { text: 'lan.couldNotConnect' },
    });
    expect(notices.filter(({ title }) => title === 'lan.connectionFailed')).toHaveLength(1);
  });

  test('a host that stops sharing or leaves: its desktop goes and the viewer’s panel says its share ended', () => {
    const { socket, session, state } = newSession();
    session.start();
    socket.fire('lan:peers:list', { selfId: 'me', peers: [peer('a', 'Kitchen'), peer('b', 'Office')] });
    socket.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() });
    socket.fire('lan:peer:desktop_data', { peerId: 'b', desktop: lanData() });

    socket.fire('lan:host:stopped', { peerId: 'a' });
    expect(state()).toMatchObject({ connected: { b: lanData() }, ended: { a: 'Kitchen' } });
    expect(state().peers.map(({ id }) => id)).toEqual(['b']);
    socket.fire('lan:peer:disconnect', { peerId: 'b' });
    expect(state()).toMatchObject({ peers: [], connected: {}, ended: { a: 'Kitchen', b: 'Office' } });

    session.closePanel('a');
    expect(state().ended).toEqual({ b: 'Office' });
  });

  test('stopSharing un-announces and keeps discovering; an announce still on its way is taken back', () => {
    const { session, titles, emitsOf, state } = hostingSession();
    session.stopSharing();
    expect(emitsOf('lan:host:stop')).toHaveLength(1);
    expect(state()).toMatchObject({ isHosting: false, isDiscovering: true, isActive: true });
    expect(titles().at(-1)).toBe('lan.hostingStopped');

    const late = newSession();
    late.session.start();
    late.session.share();
    late.session.stopSharing();
    expect(late.emitsOf('lan:host:stop')).toHaveLength(0);
    late.ack('lan:host:announce', { ok: true });
    expect(late.emitsOf('lan:host:stop')).toHaveLength(1);
    expect(late.state().isHosting).toBe(false);
  });

  test('stop ends hosting and discovery, forgets the peers and disconnects; its timers end with it', () => {
    const { session, socket, titles, emitsOf, state, othersTimers } = hostingSession();
    socket.fire('lan:peers:list', { selfId: 'me', peers: [peer('a'), peer('b')] });
    socket.fire('lan:peer:desktop_data', { peerId: 'a', desktop: lanData() });

    session.stop();
    expect(socket.connected).toBe(false);
    expect(state()).toMatchObject({
      isActive: false,
      isHosting: false,
      isDiscovering: false,
      peers: [],
      connected: {},
      ended: {},
      hidden: [],
    });
    expect(titles().at(-1)).toBe('lan.hostingStopped');
    expect(vi.getTimerCount()).toBe(othersTimers);
    vi.advanceTimersByTime(LAN_DISCOVERY_POLL_MS);
    expect(emitsOf('lan:discover:request_peers')).toHaveLength(0);
  });
});
