import { createAdapter } from '@socket.io/redis-adapter';
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer } from './types';

export interface RedisLink {
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A connection for the adapter, which sends its commands (publish, subscribe) without awaiting them: one that
 * failed would be an unhandled rejection, and that ends a Node process. Closing the connection while commands
 * wait (Redis slow or half gone at shutdown) fails them all with "Connection is closed."; an error reply
 * (OOM, NOAUTH) fails one. Each failure is logged here instead; a caller that awaits a command (the
 * readiness ping) still gets it.
 */
class AdapterRedis extends Redis {
  constructor(
    redisUrl: string,
    options: Pick<RedisOptions, 'maxRetriesPerRequest' | 'retryStrategy'>,
    private readonly onCommandFailed: (error: unknown) => void,
  ) {
    super(redisUrl, options);
  }

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const sent = super.sendCommand(...args);
    if (sent instanceof Promise) sent.catch((error: unknown) => this.onCommandFailed(error));
    return sent;
  }
}

/**
 * Broadcasts reach every node through Redis pub/sub. ioredis reconnects and resubscribes on its own, so an
 * outage is logged and local delivery goes on; it never crashes the process.
 */
export function attachRedisAdapter(io: RealtimeServer, redisUrl: string, log: FastifyBaseLogger): RedisLink {
  // Commands wait for the reconnect (null) rather than give up, so the adapter's subscriptions and the
  // broadcasts of an outage reach Redis once it is back; readiness probes carry their own timeout.
  const options = { maxRetriesPerRequest: null, retryStrategy: (attempt: number) => Math.min(attempt * 200, 5000) };
  const onCommandFailed = (error: unknown) => log.debug({ err: error }, 'a Redis command of the socket adapter failed');
  const publisher = new AdapterRedis(redisUrl, options, onCommandFailed);
  const subscriber = new AdapterRedis(redisUrl, options, onCommandFailed);
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
