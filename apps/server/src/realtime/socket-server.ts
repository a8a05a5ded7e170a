/**
 * The Socket.IO server, on the app's HTTP server. Every socket is checked at its handshake (the Origin, an
 * optional token), every event it sends is parsed and answered through `handleEvent`, and a socket or an
 * address is held within its share of connections, writes and buffered output; with REDIS_URL every emit
 * reaches every node. Domain events become channel messages in each area's `broadcasts`
 * (modules/define-module.ts); an area's handler emits by itself only to its own socket, or relays what
 * concerns peers alone and is never stored (LAN peers, nearness signalling, a desktop item a peer placed).
 */
import { SOCKET_MAX_PAYLOAD_BYTES, channels } from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import type { SignedInActor } from '../lib/actor';
import { createClientAddressOf, createNetworkAddressOf } from '../lib/client-address';
import type { RequestOrigins } from '../lib/request-origins';
import { createConnectionCap } from './connection-cap';
import { answerEngineError, type EngineConnectionError } from './engine-errors';
import { createHandshakeAuth, createOriginCheck } from './handshake';
import { attachRedisAdapter, type RedisLink } from './redis-adapter';
import { limitEventsToScopes, userChannelsOf } from './socket-scopes';
import { startSlowConsumerGuard } from './slow-consumer-guard';
import type { RealtimeServer, RealtimeSocket } from './types';
import { createWriteGuard } from './write-guard';

export interface RealtimeOptions {
  /** The names the server answers to and the pages that may open a socket (lib/request-origins.ts). */
  origins: RequestOrigins;
  trustProxy: false | string[];
  /** Told of every handshake: warns once of a proxy in front without TRUST_PROXY (plugins/proxy-warning.ts). */
  noticeProxy?: (request: IncomingMessage) => void;
  connectionsPerAddress: number;
  jwtSecret: string;
  isSessionActive: (sessionId: string) => Promise<boolean>;
  /** The caller behind a personal access token (`csp_…`), or null. */
  authenticatePersonalToken: (token: string, userAgent: string | undefined) => Promise<SignedInActor | null>;
  redisUrl: string | undefined;
}

/** What socket handlers get besides the socket: checks shared by every area. */
export interface SocketGuards {
  /** Before a write: the session is still live and the user within the live-update budget (AppError if not). */
  guardWrite(socket: RealtimeSocket): Promise<void>;
}

export interface Realtime {
  io: RealtimeServer;
  redis: RedisLink | undefined;
  /** Modules register their socket handlers here, as they register routes. */
  onConnection(handler: (socket: RealtimeSocket, guards: SocketGuards) => void): void;
}

/** A session's liveness is looked up again after this long, on the next write of its sockets. */
const SESSION_RECHECK_MS = 2000;
/** Live-update writes per user: enough for a fast typist's saves, not for a flood. */
const WRITE_BUDGET = { burst: 20, perSecond: 10 };

/** setTimeout's longest delay: a longer one would fire at once, so a far expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The token's `exp` ends the socket's rights: it is closed then, and the client reconnects with a fresh one. */
function disconnectAtExpiry(socket: RealtimeSocket): void {
  const { actor } = socket.data;
  if (!actor) return;
  let timer: NodeJS.Timeout;
  const arm = () => {
    const delay = actor.expiresAt * 1000 - Date.now();
    timer = setTimeout(delay > MAX_TIMER_MS ? arm : () => socket.disconnect(true), clampDelay(delay));
    timer.unref();
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

const clampDelay = (delay: number) => Math.min(MAX_TIMER_MS, Math.max(0, delay));

/** Per-socket event budget: a live editor emits a few a second; a socket that floods is disconnected. */
const SOCKET_EVENTS_PER_SECOND = 30;
/**
 * A device acknowledges every send it is handed, and a device coming back hands back a burst of them (one
 * per waiting send): an acknowledgement costs a tenth of an event, so 300 a second pass.
 */
const ACK_WEIGHT = 0.1;

function limitSocketEvents(socket: RealtimeSocket): void {
  let windowStart = Date.now();
  let count = 0;
  socket.use((packet, next) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    count += packet[0] === 'device:send-ack' ? ACK_WEIGHT : 1;
    next(count > SOCKET_EVENTS_PER_SECOND ? new Error('RATE_LIMITED') : undefined);
  });
  // A middleware error surfaces as the server-side socket's 'error' event; the client sees the disconnect.
  socket.on('error', () => socket.disconnect(true));
}

/**
 * How soon a socket lost without a clean close (a phone off the Wi-Fi, a laptop shut, a cut cable) is
 * noticed: the server pings every PING_INTERVAL_MS and drops a socket that has not answered PING_TIMEOUT_MS
 * later, so a lost device shows offline within their sum, 14 s, inside the 15 s the devices list promises
 * (DEVICE_OFFLINE_WITHIN_MS). Socket.IO's defaults (25 s + 20 s) would take up to 45 s. The cost: a ping and
 * its pong (a few bytes each) every 8 s instead of 25 s on every socket, which wakes a phone's radio more
 * often, and a client that cannot answer within 6 s (a congested mobile link, a busy event loop) is dropped
 * and reconnects. The timeout gets the larger share of the sum: a drop costs more than a ping.
 */
export const PING_INTERVAL_MS = 8_000;
export const PING_TIMEOUT_MS = 6_000;

/** Socket.IO on Fastify's own HTTP server, websocket transport only. */
export function startRealtime(app: FastifyInstance, options: RealtimeOptions): Realtime {
  const io: RealtimeServer = new Server(app.server, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    allowRequest: createOriginCheck(options.origins),
  });
  // What engine.io refuses before a socket exists answers `{ error, code, requestId }` as every HTTP error does.
  io.engine.on('connection_error', (error: EngineConnectionError) => answerEngineError(app.log, error));
  const redis = options.redisUrl ? attachRedisAdapter(io, options.redisUrl, app.log) : undefined;
  io.use(createHandshakeAuth(options.jwtSecret, options.isSessionActive, options.authenticatePersonalToken));
  const clientAddressOf = createClientAddressOf(options.trustProxy);
  const networkAddressOf = createNetworkAddressOf(options.trustProxy);
  io.use(createConnectionCap(options.connectionsPerAddress, clientAddressOf));
  // The address as HTTP requests see it, once: LAN features group sockets by it (lib/network-key.ts).
  io.use((socket, next) => {
    options.noticeProxy?.(socket.request);
    socket.data.address = clientAddressOf(socket.request);
    socket.data.networkAddress = networkAddressOf(socket.request);
    next();
  });
  const guards: SocketGuards = {
    guardWrite: createWriteGuard({
      isSessionActive: options.isSessionActive,
      sessionCacheMs: SESSION_RECHECK_MS,
      budget: WRITE_BUDGET,
    }),
  };
  const connectionHandlers: Array<(socket: RealtimeSocket, guards: SocketGuards) => void> = [];
  io.on('connection', (socket) => {
    limitSocketEvents(socket);
    limitEventsToScopes(socket);
    disconnectAtExpiry(socket);
    for (const handler of connectionHandlers) handler(socket, guards);
    // A signed-in socket hears what concerns its user on every device (e.g. `clip-update`).
    // Its session channel lets a logout or revocation close it on whichever node it lives.
    const { actor } = socket.data;
    if (actor) {
      void socket.join([...userChannelsOf(actor.userId, actor.scopes), channels.session(actor.sessionId)]);
    }
  });
  const stopSlowConsumerGuard = startSlowConsumerGuard(io);

  // Upgraded websockets keep the HTTP server open, so they close before Fastify closes the server. Their
  // transports are closed rather than the sockets disconnected: a client sees 'transport close', which
  // Socket.IO's client retries by itself (through the proxy, to a node still up), whereas a server
  // disconnect ('io server disconnect') tells every client, ours, the LAN page's and anyone's, to stay away.
  app.addHook('preClose', async () => {
    stopSlowConsumerGuard();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await redis?.close();
  });
  return { io, redis, onConnection: (handler) => connectionHandlers.push(handler) };
}
