import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeDeviceSend } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { SocketContext } from './socket-context';
import { HIDDEN_TAB_CLAIM_DELAY_MS, useDeviceSends } from './use-device-sends';

// A connected tab not yet registered calls nothing; a call would meet a refusal here, never the network.
fakeApi();

/** This tab's hook on a connected socket; what it acted on. */
function renderTab() {
  const socket = new FakeSocket().connect();
  const onReceive = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <SocketContext.Provider
        value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined }}
      >
        {children}
      </SocketContext.Provider>
    </QueryClientProvider>
  );
  renderHook(() => useDeviceSends('user-1', { isRegistered: false, onReceive }), { wrapper });
  const acks = () => socket.emitted.filter(({ event }) => event === 'device:send-ack').map(({ args }) => args[0]);
  return { socket, onReceive, acks };
}

describe('useDeviceSends', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  test('a visible tab acts on a send at once and once; every copy is acknowledged at once', async () => {
    const { socket, onReceive, acks } = renderTab();
    const send = makeDeviceSend({ id: 'SEND0000000000000000V1' });
    act(() => socket.fire('device:send', send));
    expect(acks()).toEqual([{ id: send.id }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onReceive).toHaveBeenCalledWith(send);
    act(() => socket.fire('device:send', send));
    await act(() => vi.advanceTimersByTimeAsync(HIDDEN_TAB_CLAIM_DELAY_MS));
    expect(acks()).toEqual([{ id: send.id }, { id: send.id }]);
    expect(onReceive).toHaveBeenCalledTimes(1);
  });

  test.each([
    [
      'a hidden tab',
      'SEND0000000000000000H1',
      () => Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }),
    ],
    [
      'a visible tab of a window behind another',
      'SEND0000000000000000H2',
      () => vi.mocked(document.hasFocus).mockReturnValue(false),
    ],
  ])('%s acknowledges at once but lets the focused tab claim first', async (_tab, id, arrange) => {
    arrange();
    const { socket, onReceive, acks } = renderTab();
    const send = makeDeviceSend({ id });
    act(() => socket.fire('device:send', send));
    expect(acks()).toEqual([{ id: send.id }]);
    await act(() => vi.advanceTimersByTimeAsync(HIDDEN_TAB_CLAIM_DELAY_MS - 1));
    expect(onReceive).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onReceive).toHaveBeenCalledWith(send);
  });
});
