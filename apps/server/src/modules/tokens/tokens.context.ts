import type { IncomingMessage } from 'node:http';
import {
  DEVICE_CODE_MISSES_PER_ACCOUNT,
  DEVICE_CODE_MISSES_PER_ADDRESS,
  DEVICE_CODE_MISSES_PER_CLIENT,
  DEVICE_CODE_MISSES_WINDOW_MS,
} from '@clipsync/shared';
import type { Database } from '../../db/client';
import type { personalAccessTokens, users } from '../../db/schema';
import { createNetworkAddressOf } from '../../lib/client-address';
import type { DomainEvents } from '../../lib/domain-events';
import { networkFingerprint, networkKeyOf } from '../../lib/network-key';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { AppContext } from '../define-module';

export interface TokensContext {
  db: Database;
  /** Revoking a token emits `session.revoked` for its session: the cache, other nodes and its sockets hear it. */
  events: DomainEvents;
}

/** Unknown user codes, counted per account and address, per account, and per address (limits.ts says why). */
export interface DeviceCodeMisses {
  perClient: AttemptLimiter;
  perAccount: AttemptLimiter;
  perAddress: AttemptLimiter;
}

/**
 * Device sign-in: the tokens' context, the address verification links start with, the guessing limits, and
 * the caller's network as LAN features group it (lib/network-key.ts), by fingerprint: undefined behind a
 * proxy TRUST_PROXY does not name.
 */
export interface DeviceContext extends TokensContext {
  publicUrl: string;
  /** Shared across nodes through Redis when there is one. */
  codeMisses: DeviceCodeMisses;
  networkOf: (request: IncomingMessage) => string | undefined;
}

export type TokenRow = typeof personalAccessTokens.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function createTokensContext(ctx: AppContext): TokensContext {
  return { db: ctx.db, events: ctx.events };
}

export function createDeviceContext(ctx: AppContext): DeviceContext {
  const limiter = (max: number) => ctx.attemptLimiter({ max, windowMs: DEVICE_CODE_MISSES_WINDOW_MS });
  const networkAddressOf = createNetworkAddressOf(ctx.config.trustProxy);
  return {
    ...createTokensContext(ctx),
    publicUrl: ctx.config.publicUrl,
    codeMisses: {
      perClient: limiter(DEVICE_CODE_MISSES_PER_CLIENT),
      perAccount: limiter(DEVICE_CODE_MISSES_PER_ACCOUNT),
      perAddress: limiter(DEVICE_CODE_MISSES_PER_ADDRESS),
    },
    networkOf: (request) => {
      const address = networkAddressOf(request);
      return address === undefined ? undefined : networkFingerprint(ctx.serverSecret, networkKeyOf(address));
    },
  };
}
