/**
 * The floor of the desktop scenario's LAN part: plain node:http plus Socket.IO (websocket only) speaking the
 * same LAN protocol as ClipSync (apps/server/src/modules/desktop/lan.socket.ts), so the scenario
 * drives both with the same client code. A socket connecting with `query.type` lan_host or lan_discover is a
 * peer of its network (its X-Forwarded-For address as sent, else the socket's address) under an id issued
 * here; it gets `lan:peers:list`, `lan:host:announce` tells its network `lan:peer:announce`,
 * `lan:peer:connect` joins the host's channel and answers `lan:peer:desktop_data`, `lan:host:update` relays
 * `lan:desktop:update` to it. No validation, no fingerprinting, no registry abstraction: what remains is the
 * rooms and the emits.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { serveParent } from './child-protocol';

interface Peer {
  id: string;
  name: string;
  network: string;
  desktop: unknown;
}
type Ack = (result: { ok: boolean }) => void;

const peers = new Map<string, Peer>();
const lanPeer = (peer: Peer) => ({ id: peer.id, name: peer.name, ip: null, port: null, isHost: peer.desktop !== null });
const respond = (ack: unknown, ok: boolean) => {
  if (typeof ack === 'function') (ack as Ack)({ ok });
};

const httpServer = createServer((_request, response) => response.writeHead(404).end());
const io = new Server(httpServer, { transports: ['websocket'] });
io.on('connection', (socket) => {
  const type = socket.handshake.query.type;
  if (type !== 'lan_host' && type !== 'lan_discover') return;
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const network = (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : '') || socket.handshake.address;
  const self: Peer = { id: randomBytes(16).toString('base64url'), name: 'Nearby device', network, desktop: null };
  peers.set(self.id, self);
  void socket.join(`lan:${network}`);
  const hosts = [...peers.values()].filter((peer) => peer.network === network && peer.id !== self.id && peer.desktop);
  socket.emit('lan:peers:list', { selfId: self.id, peers: hosts.map(lanPeer) });

  socket.on('lan:host:announce', (payload: { name?: string; desktop: unknown }, ack: unknown) => {
    self.desktop = payload.desktop;
    if (payload.name) self.name = payload.name;
    socket.to(`lan:${network}`).emit('lan:peer:announce', { peer: lanPeer(self) });
    respond(ack, true);
  });
  socket.on('lan:host:update', (payload: { desktop: unknown }, ack: unknown) => {
    self.desktop = payload.desktop;
    socket.to(`lan-host:${self.id}`).emit('lan:desktop:update', { peerId: self.id, desktop: payload.desktop });
    respond(ack, true);
  });
  socket.on('lan:peer:connect', async (payload: { peerId: string }, ack: unknown) => {
    const host = peers.get(payload.peerId);
    if (!host?.desktop || host.network !== network) return respond(ack, false);
    await socket.join(`lan-host:${host.id}`);
    socket.emit('lan:peer:desktop_data', { peerId: host.id, desktop: host.desktop });
    respond(ack, true);
  });
  socket.on('disconnect', () => {
    peers.delete(self.id);
    socket.to(`lan:${network}`).emit('lan:peer:disconnect', { peerId: self.id });
  });
});
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  void serveParent(port, async () => {
    io.local.disconnectSockets(true);
    await io.close();
  });
});
