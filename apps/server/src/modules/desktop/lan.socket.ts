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
  registry.add(self);
  void socket.join(channels.lanNetwork(network));
  const refuse = (payload: LanErrorPayload) => {
    socket.emit('lan:error', payload);
    throw new AppError(payload.code, payload.message);
  };
  const sendPeers = () => {
    socket.emit('lan:peers:list', { selfId: self.id, peers: registry.hostsOf(network, self.id).map(toLanPeer) });
  };
  sendPeers();

  socket.on(
    'lan:host:announce',
    handleEvent(LanHostAnnounce, async ({ name, desktop }) => {
      const peer = registry.setDesktop(self.id, desktop, name);
      if (peer) socket.to(channels.lanNetwork(network)).emit('lan:peer:announce', { peer: toLanPeer(peer) });
    }),
  );
  socket.on(
    'lan:host:update',
    handleEvent(LanHostUpdate, async ({ desktop }) => {
      if (!registry.get(self.id)?.desktop) {
        refuse({ code: 'NOT_FOUND', message: 'Announce this device as a host before updating its desktop' });
      }
      registry.setDesktop(self.id, desktop);
      socket.to(channels.lanHost(self.id)).emit('lan:desktop:update', { peerId: self.id, desktop });
    }),
  );
  socket.on(
    'lan:discover:request_peers',
    handleEvent(z.unknown(), async () => {
      sendPeers();
    }),
  );
  socket.on(
    'lan:peer:connect',
    handleEvent(LanPeerConnect, async ({ peerId }) => {
      const host = registry.get(peerId);
      if (!host?.desktop || host.id === self.id) refuse({ code: 'NOT_FOUND', message: 'Could not connect to peer' });
      else if (host.network !== network) {
        refuse({ code: 'NOT_LOCAL_NETWORK', message: 'This device is not on your local network' });
      } else {
        await socket.join(channels.lanHost(host.id));
        socket.emit('lan:peer:desktop_data', { peerId: host.id, desktop: host.desktop });
      }
    }),
  );
  socket.on('disconnect', () => {
    registry.remove(self.id);
    socket.to(channels.lanNetwork(network)).emit('lan:peer:disconnect', { peerId: self.id });
  });
}
