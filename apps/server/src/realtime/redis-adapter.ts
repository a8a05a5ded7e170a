import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer } from './types';

export interface RedisLink {
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A connection for the adapter, which sends its commands (publish, subscribe) without awaiting them: one that
 * failed would be an unhandled rejection, and that ends a Node process. Closing the connection while commands
 * wait (Redis slow or half gone at shutdown) fails them all with "Connection is closed.". Each command's
 * failure is marked handled here; a caller that awaits one (the readiness ping) still gets it.
 */
class AdapterRedis extends Redis {
  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const sent = super.sendCommand(...args);
    if (sent instanceof Promise) sent.catch(() => undefined);
    return sent;
  }
}

/**
 * Broadcasts reach every node through Redis pub/sub. ioredis reconnects and resubscribes on its own, so an
 * outage is logged and local delivery goes on; it never crashes the process.
 */
export function attachRedisAdapter(io: RealtimeServer, redisUrl: string, log: FastifyBaseLogger): RedisLink {
  // The adapter does not catch its own Redis calls: a command that gave up would be an unhandled rejection,
  // so commands wait for the reconnect instead (null) and readiness probes carry their own timeout.
  const options = { maxRetriesPerRequest: null, retryStrategy: (attempt: number) => Math.min(attempt * 200, 5000) };
  const publisher = new AdapterRedis(redisUrl, options);
  const subscriber = new AdapterRedis(redisUrl, options);
  let lastLogged = 0;
  const logOutage = (error: Error) => {
    // One line per 10 s while Redis is down, not one per reconnect attempt.
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now();
      log.warn({ err: error }, 'Redis unavailable: socket broadcasts stay on this node until it returns');
    }
  };
  publisher.on('error', logOutage);
  subscriber.on('error', logOutage);
  io.adapter(createAdapter(publisher, subscriber));
  return {
    ping: async () => {
      await publisher.ping();
    },
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
