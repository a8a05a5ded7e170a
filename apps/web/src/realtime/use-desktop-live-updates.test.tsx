import { act, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { makeDesktopItem } from '../test/desktop-fixtures';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { useDesktopLiveUpdates, type DesktopChannel } from './use-desktop-live-updates';

function setUp(socket: FakeSocket, channel: DesktopChannel | null) {
  const handlers = { onItem: vi.fn(), onRemoved: vi.fn(), onSubscribed: vi.fn() };
  const release = vi.fn();
  const requestGuestConnection = vi.fn(() => release);
  function Viewer() {
    useDesktopLiveUpdates(channel, handlers);
    return null;
  }
  const view = render(
    <SocketContext.Provider
      value={{ socket: socket.asSocket(), isConnected: socket.connected, requestGuestConnection }}
    >
      <Viewer />
    </SocketContext.Provider>,
  );
  return { handlers, requestGuestConnection, release, unmount: view.unmount };
}

const emitsOf = (socket: FakeSocket, event: string) => socket.emitted.filter((emit) => emit.event === event);
const acknowledge = (socket: FakeSocket, index: number) =>
  act(() => (emitsOf(socket, 'join:desktop:network')[index]?.args[1] as (result: { ok: true }) => void)({ ok: true }));

describe('useDesktopLiveUpdates', () => {
  test('joins once connected and again after a reconnect, each time asking for a refetch', () => {
    const socket = new FakeSocket();
    const { handlers, requestGuestConnection } = setUp(socket, { desktopId: 'net-1', shareToken: 'tok' });
    expect(requestGuestConnection).toHaveBeenCalled();
    expect(emitsOf(socket, 'join:desktop:network')).toHaveLength(0);
    socket.connect();
    expect(emitsOf(socket, 'join:desktop:network')[0]?.args[0]).toEqual({ networkId: 'net-1', desktopId: 'tok' });
    acknowledge(socket, 0);
    socket.disconnect();
    socket.connect();
    acknowledge(socket, 1);
    expect(handlers.onSubscribed).toHaveBeenCalledTimes(2);
  });

  test('hears the three item events of its own network only', () => {
    const socket = new FakeSocket().connect();
    const { handlers } = setUp(socket, { desktopId: 'net-1' });
    const item = makeDesktopItem();
    socket.fire('desktop:item:new', { networkId: 'net-2', item });
    socket.fire('desktop:item:new', { networkId: 'net-1', item });
    socket.fire('desktop:item:modified', { networkId: 'net-1', itemId: item.id, item });
    socket.fire('desktop:item:removed', { networkId: 'net-2', itemId: item.id });
    socket.fire('desktop:item:removed', { networkId: 'net-1', itemId: item.id });
    expect(handlers.onItem).toHaveBeenCalledTimes(2);
    expect(handlers.onRemoved).toHaveBeenCalledExactlyOnceWith(item.id);
  });

  test('leaves the channel, stops listening and releases the guest socket on unmount', () => {
    const socket = new FakeSocket().connect();
    const { unmount, release } = setUp(socket, { desktopId: 'net-1' });
    unmount();
    expect(emitsOf(socket, 'leave:desktop:network').map((emit) => emit.args[0])).toEqual([{ networkId: 'net-1' }]);
    expect(socket.listenerCount('desktop:item:new')).toBe(0);
    expect(release).toHaveBeenCalled();
  });

  test('with no desktop loaded yet, it neither connects nor joins', () => {
    const socket = new FakeSocket().connect();
    const { requestGuestConnection } = setUp(socket, null);
    expect(requestGuestConnection).not.toHaveBeenCalled();
    expect(emitsOf(socket, 'join:desktop:network')).toHaveLength(0);
  });
});
