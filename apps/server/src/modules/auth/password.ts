import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum profile: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown e-mail is not measurably faster. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('clipsync-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
