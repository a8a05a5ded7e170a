import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidKeys } from './push-config';

const StoredKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The VAPID pair: the configured one, else the one made at the first start and kept in DATA_DIR (0600).
 * Browsers subscribe with its public key, so it must outlive restarts: a new pair would orphan every
 * subscription. Several nodes share one only through VAPID_* (each node has its own DATA_DIR).
 */
export async function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = join(dataDir, 'vapid-keys.json');
  const stored = await readKeys(file);
  if (stored) return stored;
  await mkdir(dataDir, { recursive: true });
  // Written beside the file, then linked in whole: a crash never leaves half a pair, and of two starts
  // racing, the one that loses reads the winner's.
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft).catch(() => {});
  }
  const kept = await readKeys(file);
  if (!kept) throw new Error(`${file} is not a VAPID key pair`);
  return kept;
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = StoredKeys.safeParse(JSON.parse(content));
  if (!parsed.success) throw new Error(`${file} is not a VAPID key pair: remove it to make a new one`);
  return parsed.data;
}
