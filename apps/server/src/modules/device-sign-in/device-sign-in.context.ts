import type { IncomingMessage } from 'node:http';
import {
  DEVICE_CODE_MISSES_PER_ACCOUNT,
  DEVICE_CODE_MISSES_PER_ADDRESS,
  DEVICE_CODE_MISSES_PER_CLIENT,
  DEVICE_CODE_MISSES_WINDOW_MS,
} from '@clipsync/shared';
import { createNetworkAddressOf } from '../../lib/client-address';
import { networkFingerprint, networkKeyOf } from '../../lib/network-key';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { AppContext } from '../../app-context';
import { createTokensContext, type TokensContext } from '../tokens/tokens.context';

/** Unknown user codes, counted per account and address, per account, and per address (limits.ts says why). */
export interface UserCodeMisses {
  perClient: AttemptLimiter;
  perAccount: AttemptLimiter;
  perAddress: AttemptLimiter;
}

/**
 * Device sign-in: the tokens' context (an approved sign-in ends in a personal access token), the address
 * verification links start with, the guessing limits, and the caller's network as LAN features group it
 * (lib/network-key.ts), by fingerprint: undefined behind a proxy TRUST_PROXY does not name.
 */
export interface DeviceSignInContext extends TokensContext {
  publicUrl: string;
  /** Shared across nodes through Redis when there is one. */
  codeMisses: UserCodeMisses;
  networkOf: (request: IncomingMessage) => string | undefined;
}

export function createDeviceSignInContext(ctx: AppContext): DeviceSignInContext {
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
