import { afterEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../api/session-store';
import { createRealtimeSocket, emitWhenConnected, type RealtimeSocket } from './socket-client';
import { testUser as user } from '../test/fixtures';

const { io } = vi.hoisted(() => ({ io: vi.fn((_options: Record<string, unknown>) => ({})) }));
vi.mock('socket.io-client', () => ({ io }));

/** The handshake `auth` a socket would send now. */
function handshakeAuth(): unknown {
  const options = io.mock.lastCall?.[0] as { auth: (send: (data: object) => void) => void };
  let sent: unknown;
  options.auth((data) => (sent = data));
  return sent;
}

describe('createRealtimeSocket', () => {
  afterEach(() => io.mockClear());

  test('opens websocket only, 10 s timeout, 5 reconnections 1 s apart, connecting on demand', async () => {
    await createRealtimeSocket('user');
    expect(io.mock.lastCall?.[0]).toMatchObject({
      transports: ['websocket'],
      timeout: 10_000,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      autoConnect: false,
    });
  });

  test("a user's socket sends the access token stored at the moment it connects", async () => {
    await createRealtimeSocket('user');
    sessionStore.save(user, { access_token: 'first', refresh_token: 'r', expires_at: 9_999_999_999 });
    expect(handshakeAuth()).toEqual({ token: 'first' });
    sessionStore.updateTokens({ accessToken: 'refreshed' });
    expect(handshakeAuth()).toEqual({ token: 'refreshed' });
  });

  test("a guest's socket sends no token, even when one is stored", async () => {
    sessionStore.save(user, { access_token: 'secret', refresh_token: 'r', expires_at: 9_999_999_999 });
    await createRealtimeSocket('guest');
    expect(handshakeAuth()).toEqual({});
  });
});

describe('emitWhenConnected', () => {
  const fakeSocket = (connected: boolean) => ({ connected, emit: vi.fn() });

  test('sends on a connected socket', () => {
    const socket = fakeSocket(true);
    expect(emitWhenConnected(socket as unknown as RealtimeSocket, 'clip:join', { clipId: 'c1' })).toBe(true);
    expect(socket.emit).toHaveBeenCalledWith('clip:join', { clipId: 'c1' });
  });

  test('skips with a console warning when not connected', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = fakeSocket(false);
    expect(emitWhenConnected(socket as unknown as RealtimeSocket, 'clip:join', { clipId: 'c1' })).toBe(false);
    expect(socket.emit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('clip:join'));
    warn.mockRestore();
  });
});
