import type { ReadyResponse } from '@clipsync/shared';
import type { DatabaseHandle } from '../../db/client';
import type { RedisLink } from '../../realtime/redis-adapter';

const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<void>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: {
  database: DatabaseHandle;
  redis: RedisLink | undefined;
}): Promise<ReadyResponse> {
  const { database: db, redis: redisLink } = deps;
  const [database, redis] = await Promise.all([
    probe(() => db.ping()),
    redisLink ? probe(() => redisLink.ping()) : Promise.resolve('disabled' as const),
  ]);
  return { status: database === 'ok' && redis !== 'down' ? 'ready' : 'unavailable', checks: { database, redis } };
}
