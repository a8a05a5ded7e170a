import type {
  ClipChannelPayload,
  DesktopChannelPayload,
  RoomChannelPayload,
  RoomLinkChannelPayload,
  SocketAck,
} from '@clipsync/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { emitWhenConnected, type RealtimeSocket } from './socket-client';
import { useSocket } from './socket-context';

/** What joins each channel a screen may follow. */
interface ChannelPayloads {
  clip: ClipChannelPayload;
  room: RoomChannelPayload;
  desktop: DesktopChannelPayload;
  roomLink: RoomLinkChannelPayload;
}
export type ChannelKind = keyof ChannelPayloads;
export type ChannelPayload<Kind extends ChannelKind> = ChannelPayloads[Kind];

/** A channel's join and leave emits, and what a warning calls it. */
interface ChannelEmits<Payload> {
  join(socket: RealtimeSocket, payload: Payload, ack: SocketAck): void;
  leave(socket: RealtimeSocket, payload: Payload): void;
  name(payload: Payload): string;
}

const CHANNELS: { [Kind in ChannelKind]: ChannelEmits<ChannelPayloads[Kind]> } = {
  clip: {
    join: (socket, payload, ack) => emitWhenConnected(socket, 'clip:join', payload, ack),
    leave: (socket, payload) => socket.emit('clip:leave', payload),
    name: (payload) => `clip ${payload.clipId}`,
  },
  room: {
    join: (socket, payload, ack) => emitWhenConnected(socket, 'room:join', payload, ack),
    leave: (socket, payload) => socket.emit('room:leave', payload),
    name: (payload) => `room ${payload.roomId}`,
  },
  desktop: {
    join: (socket, payload, ack) => emitWhenConnected(socket, 'join:desktop:network', payload, ack),
    leave: (socket, payload) => socket.emit('leave:desktop:network', payload),
    name: (payload) => `desktop ${payload.networkId}`,
  },
  roomLink: {
    join: (socket, payload, ack) => emitWhenConnected(socket, 'room:link:watch', payload, ack),
    leave: (socket, payload) => socket.emit('room:link:unwatch', payload),
    // The token is the link's secret: a warning in the console names the kind of link only.
    name: (payload) => `room ${payload.kind} link`,
  },
};

/**
 * What a follower may rely on: `live` once the server confirmed the join on a connected socket;
 * `connecting` until the first attempt settles; `off` after a refused handshake or join, or while a
 * dropped connection is being re-established (changes made meanwhile are missed until the next join).
 */
export type ChannelState = 'connecting' | 'live' | 'off';

export interface ChannelOptions {
  /** Signed out, ask the provider for a guest socket (a shared clip, the LAN desktop, a shared desktop). */
  opensGuestSocket?: boolean;
  /**
   * Called each time the server confirms the join: changes made before the first join, or while a
   * reconnect was pending, reached no one, so the caller fetches what it shows again.
   */
  onJoined?(): void;
}

/** The last settled outcome, tied to the socket and payload it is about (a new socket starts over). */
interface Subscription {
  socket: RealtimeSocket;
  payload: object;
  isJoined: boolean;
}

/**
 * Follows one channel: joins once connected and again after every reconnect (the server forgets a dropped
 * socket's channels), and leaves on unmount or when `payload` changes. `payload` is null while there is
 * nothing to follow; keep it the same object between renders (`useMemo`), as a new one rejoins.
 */
export function useChannel<Kind extends ChannelKind>(
  kind: Kind,
  payload: ChannelPayload<Kind> | null,
  options: ChannelOptions = {},
): ChannelState {
  const { socket, isConnected, requestGuestConnection } = useSocket();
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const isActive = payload !== null;
  const opensGuestSocket = options.opensGuestSocket ?? false;
  const onJoined = useEffectEvent(() => options.onJoined?.());

  useEffect(() => {
    if (isActive && opensGuestSocket) return requestGuestConnection();
  }, [isActive, opensGuestSocket, requestGuestConnection]);

  useEffect(() => {
    if (!socket || !payload) return;
    const channel: ChannelEmits<ChannelPayloads[Kind]> = CHANNELS[kind];
    const settle = (isJoined: boolean) => setSubscription({ socket, payload, isJoined });
    const join = () =>
      channel.join(socket, payload, (result) => {
        settle(result.ok);
        if (result.ok) onJoined();
        else console.warn(`Could not follow ${channel.name(payload)}: ${result.error}`);
      });
    const lose = () => settle(false);
    socket.on('connect', join);
    socket.on('disconnect', lose);
    socket.on('connect_error', lose);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('disconnect', lose);
      socket.off('connect_error', lose);
      // A disconnected socket already belongs to no channel: there is nothing to leave.
      if (socket.connected) channel.leave(socket, payload);
    };
  }, [socket, kind, payload]);

  const current =
    subscription && subscription.socket === socket && subscription.payload === payload ? subscription : null;
  if (!current) return 'connecting';
  return current.isJoined && isConnected ? 'live' : 'off';
}
