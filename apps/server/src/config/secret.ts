import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** As JWT_SECRET must be (config/env.ts). */
const MIN_SECRET_LENGTH = 32;

/**
 * The token-signing secret: JWT_SECRET when set; in the embedded mode a random one generated once and kept
 * in DATA_DIR with mode 0600, so sessions survive restarts without any set-up.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  const stored = await readSecret(file);
  if (stored !== undefined && stored.length >= MIN_SECRET_LENGTH) return stored;
  await mkdir(dataDir, { recursive: true });
  // Written beside the file, then put in place whole: a crash never leaves an empty or partial secret.
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    // A first start links the draft in, and a starter that lost the race reads the winner's. An empty or
    // cut secret (left by a version that wrote it in place) would sign file links with a key anyone can
    // guess: it is replaced; nothing valid was signed with it.
    if (stored === undefined) await linkUnlessTaken(draft, file);
    else await rename(draft, file);
  } finally {
    await unlink(draft).catch(() => {});
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} vanished while the server was starting`);
  return secret;
}

async function linkUnlessTaken(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
