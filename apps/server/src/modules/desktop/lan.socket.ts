import {
  LanHostAnnounce,
  LanHostUpdate,
  LanPeerConnect,
  LanPeerType,
  channels,
  type LanDesktopData,
  type LanErrorPayload,
} from '@clipsync/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/secure-tokens';
import { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import { NO_NETWORK_MESSAGE, networkOf } from './desktop-access';
import type { DesktopsContext } from './desktop.context';
import { registerLanNearHandlers } from './lan-near.socket';
import { deviceIdOfSession, hostsOfDevices, labelledPeers, nearDevicesOf } from './lan-nearness';
import { toLanPeer, type LanPeerRecord, type LanRegistry } from './lan-registry';

const DEFAULT_PEER_NAME = 'Nearby device';
/** A connected peer's shared-registry entry is renewed well within its expiry (LAN_PEER_TTL_SECONDS). */
const KEEP_ALIVE_MS = 60_000;
/** Why an announce is refused when its network has LAN_HOSTS_PER_NETWORK hosts already. */
export const TOO_MANY_HOSTS_MESSAGE = 'Too many devices are sharing on this network';
/** Why an announce or a larger desktop is refused when all networks together reach the server's bounds. */
export const SERVER_FULL_MESSAGE = 'This server is sharing as many desktops as it can hold. Please try again later.';
const PEER_NOT_FOUND = { code: 'NOT_FOUND', message: 'Could not connect to peer' } as const;

/**
 * A socket that connects with `query.type` lan_host or
 * lan_discover becomes a peer of its network, under an id the server issues (a `peerId` in the query is
 * ignored, so nobody can pose as another peer). Connecting makes no host, whatever the type: only
 * `lan:host:announce` does (the user chose to share), until `lan:host:stop` or the socket leaves. Peers see
 * only their own network's hosts, and a host's desktop goes only to peers of its network that asked to
 * connect to it. These are replies and relays
 * between sockets, not domain events, so they are sent from here rather than by desktop.broadcasts.ts.
 */
export function registerLanSocketHandlers(socket: RealtimeSocket, ctx: DesktopsContext, registry: LanRegistry): void {
  if (!LanPeerType.safeParse(socket.handshake.query.type).success) return;
  const selfId = newId();
  // A socket grouped with no one (lib/client-address.ts) is a network of its own: it sees no peer by address.
  const groupedNetwork = networkOf(ctx, socket.data.networkAddress);
  const network = groupedNetwork ?? `alone:${selfId}`;
  const self: LanPeerRecord = { id: selfId, name: DEFAULT_PEER_NAME, network, isHost: false };
  if (groupedNetwork === undefined)
    socket.emit('lan:error', { code: 'NOT_LOCAL_NETWORK', message: NO_NETWORK_MESSAGE });
  // A signed-in socket of a registered device is listed with its device, so its own other devices proved near
  // it (decision 030) see it as verified; the id is kept in the registry and never sent to peers.
  const { actor } = socket.data;
  const deviceOfSocket = actor ? deviceIdOfSession(ctx.db, actor.sessionId).catch(() => undefined) : undefined;
  // Known here once the announce is stored: an update, up to 30 a second, need not read the record for it.
  let isHosting = false;
  let hostName: string | undefined;
  // Every handler waits for the registration; a registry that failed (Redis down) fails each event's ack.
  const registered = Promise.resolve(deviceOfSocket).then(async (deviceId) => {
    if (deviceId) {
      self.deviceId = deviceId;
      // Where its proved-near devices on other networks find it (hostsOfDevices) and tell it of theirs.
      // Not once gone: a socket that left during the lookup would stay in the channel for good.
      socket.data.lanPeerId = self.id;
      if (socket.connected) await socket.join(channels.lanDevice(deviceId));
    }
    return registry.add(self);
  });
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
  /**
   * Who hears this peer's announce, stop and leaving: its network, and the LAN sockets of its proved-near
   * devices wherever they are, as last listed (each list, at least every 10 s, and each announce renew it).
   */
  let audience = [channels.lanNetwork(network)];
  const nearDevices = async () => {
    const near = await nearDevicesOf(ctx.db, self.deviceId);
    audience = [channels.lanNetwork(network), ...[...near].map(channels.lanDevice)];
    return near;
  };
  const sendPeers = async () => {
    const near = await nearDevices();
    const [sameNetwork, nearHosts, nearPeers] = await Promise.all([
      registry.hostsOf(network, self.id),
      hostsOfDevices(socket, registry, near),
      registry.nearPeersOf(self.id),
    ]);
    const elsewhere = nearHosts.filter((host) => host.network !== network && host.id !== self.id);
    const peers = labelledPeers({ devices: near, peers: nearPeers }, [...sameNetwork, ...elsewhere]);
    socket.emit('lan:peers:list', { selfId: self.id, peers });
  };
  /** A peer this one may see: on its network, or one of its devices proved near. */
  const canReach = async (peer: LanPeerRecord) =>
    peer.network === network || (peer.deviceId !== undefined && (await nearDevices()).has(peer.deviceId));
  /**
   * Lists this device as a host of its network. A shared registry can lose a connected peer (its entry
   * expires while Redis is unreachable, or Redis restarts empty): the peer is then added again, unless it
   * is gone because its socket is.
   */
  const listAsHost = async (desktop: LanDesktopData) => {
    let peer = await registry.setDesktop(self.id, desktop, hostName);
    if (peer === undefined && socket.connected) {
      // Named already, so that an update racing this one writes back the name rather than the default.
      await registry.add({ ...self, name: hostName ?? self.name, isHost: false });
      peer = await registry.setDesktop(self.id, desktop, hostName);
    }
    if (peer === 'full') {
      isHosting = false;
      throw new AppError('RATE_LIMITED', TOO_MANY_HOSTS_MESSAGE);
    }
    // A host stays a host with the desktop it had; a device not hosting yet is not listed.
    if (peer === 'server-full') throw new AppError('RATE_LIMITED', SERVER_FULL_MESSAGE);
    if (!peer) throw new AppError('NOT_FOUND', 'This device is no longer connected');
    isHosting = true;
    await nearDevices();
    socket.to(audience).emit('lan:peer:announce', { peer: toLanPeer(peer) });
  };
  void socket.join(channels.lanNetwork(network));
  void registered.then(sendPeers).catch(() => undefined);
  registerLanNearHandlers(socket, { ctx, registry, selfId: self.id, on, canReach });

  socket.on(
    'lan:host:announce',
    on(LanHostAnnounce, async ({ name, desktop }) => {
      // Grouped with no one, a guest could be seen by no one: its announces would only fill the server (each
      // such socket is a network of its own, out of reach of the per-network cap). A device is seen by its
      // proved-near devices.
      if (groupedNetwork === undefined && self.deviceId === undefined) {
        throw new AppError('NOT_LOCAL_NETWORK', NO_NETWORK_MESSAGE);
      }
      hostName = name;
      await listAsHost(desktop);
    }),
  );
  socket.on(
    'lan:host:update',
    on(LanHostUpdate, async ({ desktop }) => {
      // Only a device its user chose to share is a host; nothing it sends makes it one (announce does).
      if (!isHosting) {
        refuse({ code: 'NOT_FOUND', message: 'Announce this device as a host before updating its desktop' });
      }
      // A registry that lost this peer lists it again (listAsHost).
      const stored = await registry.setDesktop(self.id, desktop);
      if (stored === 'server-full') throw new AppError('RATE_LIMITED', SERVER_FULL_MESSAGE);
      if (stored === undefined || stored === 'full') await listAsHost(desktop);
      socket.to(channels.lanHost(self.id)).emit('lan:desktop:update', { peerId: self.id, desktop });
    }),
  );
  socket.on(
    'lan:host:stop',
    on(z.unknown(), async () => {
      if (!isHosting) return;
      isHosting = false;
      await registry.unhost(self.id);
      // Its viewers, on any node, stop hearing its updates and are told its desktop is gone from them.
      socket.nsp.in(channels.lanHost(self.id)).socketsLeave(channels.lanHost(self.id));
      socket.to(audience).emit('lan:host:stopped', { peerId: self.id });
    }),
  );
  socket.on('lan:discover:request_peers', on(z.unknown(), sendPeers));
  socket.on(
    'lan:peer:connect',
    on(LanPeerConnect, async ({ peerId }) => {
      const host = await registry.get(peerId);
      if (!host?.isHost || host.id === self.id) return refuse(PEER_NOT_FOUND);
      // Another network's host only when both are devices of one account proved near (decision 030).
      if (!(await canReach(host))) {
        return refuse({ code: 'NOT_LOCAL_NETWORK', message: 'This device is not on your local network' });
      }
      // Already connected: the desktop was sent and its updates follow. Sent again, a peer asking over and
      // over would make the server send up to 1 MB for each few bytes it sends.
      if (socket.rooms.has(channels.lanHost(host.id))) return;
      // Joined before the desktop is read, so that no update falls between the two.
      await socket.join(channels.lanHost(host.id));
      // Left again on any failure, or a repeated connect would take the socket for connected already.
      const desktop = await registry.desktopOf(host.id).catch(() => undefined);
      if (!desktop) {
        await socket.leave(channels.lanHost(host.id));
        return refuse(PEER_NOT_FOUND);
      }
      socket.emit('lan:peer:desktop_data', { peerId: host.id, desktop });
    }),
  );
  socket.on('disconnect', () => {
    clearInterval(keepAlive);
    socket.to(audience).emit('lan:peer:disconnect', { peerId: self.id });
    void registered.then(() => registry.remove(self.id)).catch(() => undefined);
  });
}
