import { act, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { useChannel, type ChannelPayload } from './use-channel';

const ROOM_1 = { roomId: 'room-1' };
const ROOM_2 = { roomId: 'room-2' };

function setUp(socket: FakeSocket, payload: ChannelPayload<'room'> | null) {
  const onJoined = vi.fn();
  const requestGuestConnection = vi.fn(() => () => undefined);
  function Follower({ room }: { room: ChannelPayload<'room'> | null }) {
    useChannel('room', room, { onJoined });
    return null;
  }
  const wrap = (room: ChannelPayload<'room'> | null) => (
    <SocketContext.Provider
      value={{ socket: socket.asSocket(), isConnected: socket.connected, requestGuestConnection }}
    >
      <Follower room={room} />
    </SocketContext.Provider>
  );
  const view = render(wrap(payload));
  return {
    onJoined,
    requestGuestConnection,
    follow: (room: ChannelPayload<'room'> | null) => view.rerender(wrap(room)),
  };
}

const emitsOf = (socket: FakeSocket, event: string) => socket.emitted.filter((emit) => emit.event === event);
type JoinResult = { ok: true } | { ok: false; error: string; code: string };
const acknowledge = (socket: FakeSocket, index: number, result: JoinResult) =>
  act(() => (emitsOf(socket, 'room:join')[index]?.args[1] as (result: JoinResult) => void)(result));

describe('useChannel', () => {
  test('a signed-in channel joins on connect and after a reconnect, without asking for a guest socket', () => {
    const socket = new FakeSocket();
    const { onJoined, requestGuestConnection } = setUp(socket, ROOM_1);
    socket.connect();
    acknowledge(socket, 0, { ok: true });
    socket.disconnect();
    socket.connect();
    acknowledge(socket, 1, { ok: true });
    expect(emitsOf(socket, 'room:join').map((emit) => emit.args[0])).toEqual([ROOM_1, ROOM_1]);
    expect(onJoined).toHaveBeenCalledTimes(2);
    expect(requestGuestConnection).not.toHaveBeenCalled();
  });

  test('a refused join is a warning naming the channel, and no refetch', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = new FakeSocket().connect();
    const { onJoined } = setUp(socket, ROOM_1);
    acknowledge(socket, 0, { ok: false, error: 'Room not found', code: 'NOT_FOUND' });
    expect(warn).toHaveBeenCalledWith('Could not follow room room-1: Room not found');
    expect(onJoined).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  test('another payload leaves the old channel and joins the new one; null leaves and joins nothing', () => {
    const socket = new FakeSocket().connect();
    const { follow } = setUp(socket, ROOM_1);
    follow(ROOM_2);
    follow(null);
    expect(socket.emitted.map(({ event, args }) => [event, args[0]])).toEqual([
      ['room:join', ROOM_1],
      ['room:leave', ROOM_1],
      ['room:join', ROOM_2],
      ['room:leave', ROOM_2],
    ]);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});
