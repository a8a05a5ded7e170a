import {
  LanHostAnnounce,
  LanHostUpdate,
  LanPeerConnect,
  LanPeerType,
  channels,
  type LanErrorPayload,
} from '@clipsync/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/secure-tokens';
import { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import { networkOf, type DesktopsContext } from './desktop-access';
import { toLanPeer, type LanRegistry } from './lan-registry';

const DEFAULT_PEER_NAME = 'Nearby device';
/** A connected peer's shared-registry entry is renewed well within its expiry (LAN_PEER_TTL_SECONDS). */
const KEEP_ALIVE_MS = 60_000;

/**
 * SPEC §7 LAN connection and ARCHITECTURE §6. A socket that connects with `query.type` lan_host or
 * lan_discover becomes a peer of its network, under an id the server issues (a `peerId` in the query is
 * ignored, so nobody can pose as another peer). Peers see only their own network's hosts, and a host's
 * desktop goes only to peers of its network that asked to connect to it. These are replies and relays
 * between sockets, not domain events, so they are sent from here rather than by the broadcaster.
 */
export function registerLanSocketHandlers(socket: RealtimeSocket, ctx: DesktopsContext, registry: LanRegistry): void {
  if (!LanPeerType.safeParse(socket.handshake.query.type).success) return;
  const network = networkOf(ctx, socket.data.address);
  const self = { id: newId(), name: DEFAULT_PEER_NAME, network, desktop: null };
  // Every handler waits for the registration; a registry that failed (Redis down) fails each event's ack.
  const registered = registry.add(self);
  registered.catch(() => undefined);
  const keepAlive = setInterval(() => void registry.touch(self.id).catch(() => undefined), KEEP_ALIVE_MS);
  const on = <S extends z.ZodType>(schema: S, run: (payload: z.infer<S>) => Promise<void>) =>
    handleEvent(schema, async (payload) => {
      await registered;
      await run(payload);
    });
  const refuse = (payload: LanErrorPayload): never => {
    socket.emit('lan:error', payload);
    throw new AppError(payload.code, payload.message);
  };
  const sendPeers = async () => {
    const hosts = await registry.hostsOf(network, self.id);
    socket.emit('lan:peers:list', { selfId: self.id, peers: hosts.map(toLanPeer) });
  };
  void socket.join(channels.lanNetwork(network));
  void registered.then(sendPeers).catch(() => undefined);

  socket.on(
    'lan:host:announce',
    on(LanHostAnnounce, async ({ name, desktop }) => {
      const peer = await registry.setDesktop(self.id, desktop, name);
      if (peer) socket.to(channels.lanNetwork(network)).emit('lan:peer:announce', { peer: toLanPeer(peer) });
    }),
  );
  socket.on(
    'lan:host:update',
    on(LanHostUpdate, async ({ desktop }) => {
      if (!(await registry.get(self.id))?.desktop) {
        refuse({ code: 'NOT_FOUND', message: 'Announce this device as a host before updating its desktop' });
      }
      await registry.setDesktop(self.id, desktop);
      socket.to(channels.lanHost(self.id)).emit('lan:desktop:update', { peerId: self.id, desktop });
    }),
  );
  socket.on('lan:discover:request_peers', on(z.unknown(), sendPeers));
  socket.on(
    'lan:peer:connect',
    on(LanPeerConnect, async ({ peerId }) => {
      const host = await registry.get(peerId);
      if (!host?.desktop || host.id === self.id)
        return refuse({ code: 'NOT_FOUND', message: 'Could not connect to peer' });
      if (host.network !== network) {
        return refuse({ code: 'NOT_LOCAL_NETWORK', message: 'This device is not on your local network' });
      }
      await socket.join(channels.lanHost(host.id));
      socket.emit('lan:peer:desktop_data', { peerId: host.id, desktop: host.desktop });
    }),
  );
  socket.on('disconnect', () => {
    clearInterval(keepAlive);
    socket.to(channels.lanNetwork(network)).emit('lan:peer:disconnect', { peerId: self.id });
    void registered.then(() => registry.remove(self.id)).catch(() => undefined);
  });
}
