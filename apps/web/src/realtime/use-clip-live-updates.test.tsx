import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { useClipLiveUpdates, type ClipLiveUpdateHandlers } from './use-clip-live-updates';

function setUp(socket: FakeSocket | null, options: Partial<ClipLiveUpdateHandlers> = {}) {
  const handlers = {
    enabled: true,
    onContent: vi.fn(),
    onFiles: vi.fn(),
    onSubscribed: vi.fn(),
    onDeleted: vi.fn(),
    ...options,
  };
  const release = vi.fn();
  const requestGuestConnection = vi.fn(() => release);
  function Viewer() {
    return <output>{useClipLiveUpdates('clip-1', handlers)}</output>;
  }
  const wrap = (children: ReactNode) => (
    <SocketContext.Provider
      value={{ socket: socket?.asSocket() ?? null, isConnected: Boolean(socket?.connected), requestGuestConnection }}
    >
      {children}
    </SocketContext.Provider>
  );
  const view = render(wrap(<Viewer />));
  return { handlers, requestGuestConnection, release, unmount: view.unmount };
}

const emitsOf = (socket: FakeSocket, event: string) => socket.emitted.filter((emit) => emit.event === event);
type JoinResult = { ok: true } | { ok: false; error: string; code: string };
const acknowledge = (socket: FakeSocket, index: number, result: JoinResult = { ok: true }) =>
  act(() => (emitsOf(socket, 'clip:join')[index]?.args[1] as (result: JoinResult) => void)(result));
const liveState = () => screen.getByRole('status').textContent;

describe('useClipLiveUpdates', () => {
  test('joins the clip channel on a connected socket and again after a reconnect, each time asking for a refetch', () => {
    const socket = new FakeSocket().connect();
    const { handlers } = setUp(socket);
    expect(emitsOf(socket, 'clip:join').map((emit) => emit.args[0])).toEqual([{ clipId: 'clip-1' }]);
    acknowledge(socket, 0);
    expect(handlers.onSubscribed).toHaveBeenCalledOnce();

    socket.disconnect();
    socket.connect();
    expect(emitsOf(socket, 'clip:join')).toHaveLength(2);
    acknowledge(socket, 1);
    expect(handlers.onSubscribed).toHaveBeenCalledTimes(2);
  });

  test('waits for the connection before joining', () => {
    const socket = new FakeSocket();
    setUp(socket);
    expect(emitsOf(socket, 'clip:join')).toHaveLength(0);
    socket.connect();
    expect(emitsOf(socket, 'clip:join')).toHaveLength(1);
  });

  test('hears updates of its own clip only', () => {
    const socket = new FakeSocket().connect();
    const { handlers } = setUp(socket);
    socket.fire('clip-content-updated', { clipId: 'other-clip', content: 'not mine' });
    socket.fire('clip-content-updated', { clipId: 'clip-1', content: 'new text' });
    const files = [{ name: 'a.txt', size: 1, type: 'text/plain', url: '/a' }];
    socket.fire('clip-files-updated', { clipId: 'clip-1', files });
    expect(handlers.onContent).toHaveBeenCalledExactlyOnceWith('new text');
    expect(handlers.onFiles).toHaveBeenCalledExactlyOnceWith(files);
  });

  test('hears the deletion of its own clip only', () => {
    const socket = new FakeSocket().connect();
    const { handlers } = setUp(socket);
    socket.fire('clip-deleted', { clipId: 'other-clip' });
    expect(handlers.onDeleted).not.toHaveBeenCalled();
    socket.fire('clip-deleted', { clipId: 'clip-1' });
    expect(handlers.onDeleted).toHaveBeenCalledOnce();
  });

  test('is live only once the join is confirmed, off while the connection is lost, live again after a rejoin', () => {
    const socket = new FakeSocket().connect();
    setUp(socket);
    expect(liveState()).toBe('connecting');
    acknowledge(socket, 0);
    expect(liveState()).toBe('live');
    act(() => void socket.disconnect());
    expect(liveState()).toBe('off');
    act(() => void socket.connect());
    expect(liveState()).toBe('off');
    acknowledge(socket, 1);
    expect(liveState()).toBe('live');
  });

  test('is off when the handshake is refused (an Origin the server does not accept, say)', () => {
    const refused = new FakeSocket();
    setUp(refused);
    act(() => refused.fire('connect_error', new Error('origin not allowed')));
    expect(liveState()).toBe('off');
  });

  test('is off when the server refuses the join', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = new FakeSocket().connect();
    setUp(socket);
    acknowledge(socket, 0, { ok: false, error: 'Too many requests', code: 'RATE_LIMITED' });
    expect(liveState()).toBe('off');
    warn.mockRestore();
  });

  test('leaves the channel and stops listening on unmount', () => {
    const socket = new FakeSocket().connect();
    const { unmount, release } = setUp(socket);
    unmount();
    expect(emitsOf(socket, 'clip:leave').map((emit) => emit.args[0])).toEqual([{ clipId: 'clip-1' }]);
    expect(socket.listenerCount('clip-content-updated')).toBe(0);
    expect(release).toHaveBeenCalled();
  });

  test('asks for a guest connection while enabled, not when disabled (the owner)', () => {
    expect(setUp(null).requestGuestConnection).toHaveBeenCalled();
    const socket = new FakeSocket().connect();
    const owner = setUp(socket, { enabled: false });
    expect(owner.requestGuestConnection).not.toHaveBeenCalled();
    expect(emitsOf(socket, 'clip:join')).toHaveLength(0);
  });
});
