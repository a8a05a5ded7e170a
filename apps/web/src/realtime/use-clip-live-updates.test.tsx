import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { useClipLiveUpdates, type ClipLiveUpdateHandlers } from './use-clip-live-updates';

function setUp(socket: FakeSocket | null, options: Partial<ClipLiveUpdateHandlers> = {}) {
  const handlers = { enabled: true, onContent: vi.fn(), onFiles: vi.fn(), onSubscribed: vi.fn(), ...options };
  const release = vi.fn();
  const requestGuestConnection = vi.fn(() => release);
  function Viewer() {
    useClipLiveUpdates('clip-1', handlers);
    return null;
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
const acknowledge = (socket: FakeSocket, index: number) =>
  (emitsOf(socket, 'clip:join')[index]?.args[1] as (result: { ok: true }) => void)({ ok: true });

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
