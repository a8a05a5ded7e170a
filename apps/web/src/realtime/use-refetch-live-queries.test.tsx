import { QueryClient, QueryClientProvider, useQuery, type QueryKey } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { useRefetchLiveQueriesOnConnect } from './use-refetch-live-queries';

/** A page showing one query: how many times it has been fetched. */
function Shown({ queryKey, name }: { queryKey: QueryKey; name: string }) {
  const query = useQuery({ queryKey, queryFn: vi.fn().mockResolvedValue(name) });
  return <p>{`${name}: ${query.dataUpdatedAt === 0 ? 'loading' : 'loaded'}`}</p>;
}

function Watcher() {
  useRefetchLiveQueriesOnConnect();
  return null;
}

function setUp() {
  const socket = new FakeSocket();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SocketContext.Provider
        value={{ socket: socket.asSocket(), isConnected: false, requestGuestConnection: vi.fn() }}
      >
        <Watcher />
        <Shown queryKey={['rooms', {}, 1]} name="rooms" />
        <Shown queryKey={['clips', 'history', {}, { limit: 20, offset: 0 }]} name="clips" />
        <Shown queryKey={['devices', 'list']} name="devices" />
        <Shown queryKey={['billing']} name="billing" />
      </SocketContext.Provider>
    </QueryClientProvider>,
  );
  const fetchCount = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { socket, queryClient, fetchCount };
}

describe('useRefetchLiveQueriesOnConnect', () => {
  test('every connect and reconnect refetches the live lists on screen, and nothing else', async () => {
    const { socket, queryClient, fetchCount } = setUp();
    expect(await screen.findByText('billing: loaded')).toBeInTheDocument();
    await screen.findByText('devices: loaded');

    // A room the user was removed from before the socket was up is only found by asking again.
    act(() => void socket.connect());
    await vi.waitFor(() => expect(fetchCount(['rooms', {}, 1])).toBe(2));
    act(() => void socket.disconnect());
    act(() => void socket.connect());
    await vi.waitFor(() => expect(fetchCount(['rooms', {}, 1])).toBe(3));
    await vi.waitFor(() => expect(fetchCount(['clips', 'history', {}, { limit: 20, offset: 0 }])).toBe(3));
    await vi.waitFor(() => expect(fetchCount(['devices', 'list'])).toBe(3));
    expect(queryClient.isFetching()).toBe(0);
    expect(fetchCount(['billing'])).toBe(1);
  });

  test('a list that failed to load (offline) loads when the socket connects again', async () => {
    const socket = new FakeSocket();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(['a clip']);
    function Clips() {
      const clips = useQuery({ queryKey: ['clips', 'history'], queryFn: load });
      return <p>{clips.isError ? 'failed' : clips.data ? 'shown' : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <SocketContext.Provider
          value={{ socket: socket.asSocket(), isConnected: false, requestGuestConnection: vi.fn() }}
        >
          <Watcher />
          <Clips />
        </SocketContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    act(() => void socket.connect());
    expect(await screen.findByText('shown')).toBeInTheDocument();
  });

  test('any other read that failed without an answer runs again; one the server refused stays as it is', async () => {
    const socket = new FakeSocket();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const loadRoom = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('a room');
    const loadMissing = vi.fn().mockRejectedValue(new ApiError('Room not found', 404, 'NOT_FOUND'));
    function Room({ id, load }: { id: string; load: () => Promise<string> }) {
      const room = useQuery({ queryKey: ['room', id], queryFn: load });
      return <p>{`${id}: ${room.isError ? 'failed' : (room.data ?? 'loading')}`}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <SocketContext.Provider
          value={{ socket: socket.asSocket(), isConnected: false, requestGuestConnection: vi.fn() }}
        >
          <Watcher />
          <Room id="r1" load={loadRoom} />
          <Room id="r2" load={loadMissing} />
        </SocketContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('r1: failed')).toBeInTheDocument();
    expect(await screen.findByText('r2: failed')).toBeInTheDocument();
    act(() => void socket.connect());
    expect(await screen.findByText('r1: a room')).toBeInTheDocument();
    expect(loadMissing).toHaveBeenCalledTimes(1);
  });
});
