import type { ReadyResponse } from '@clipsync/shared';
import type { DatabaseHandle } from '../../db/client';
import type { RedisLink } from '../../realtime/redis-adapter';
import type { FileStore } from '../../storage/file-store';

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
  files: FileStore;
}): Promise<ReadyResponse> {
  const { database: db, redis: redisLink, files } = deps;
  const [database, redis, storage] = await Promise.all([
    probe(() => db.ping()),
    redisLink ? probe(() => redisLink.ping()) : Promise.resolve('disabled' as const),
    probe(() => files.check()),
  ]);
  const isReady = database === 'ok' && redis !== 'down' && storage === 'ok';
  return { status: isReady ? 'ready' : 'unavailable', checks: { database, redis, storage } };
}
