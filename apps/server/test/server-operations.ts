import { count, eq, isNotNull } from 'drizzle-orm';
import { clips, deviceAuthorizations } from '../src/db/schema';
import type { AppContext } from '../src/app-context';
import { expireShares } from '../src/modules/clips/clip-share.service';
import { createClipsContext } from '../src/modules/clips/clips.context';

/**
 * What a test outside the server (the CLI's) needs done to it beyond HTTP: a background job run at a
 * chosen time, or time moved on for the rows a wait is measured against. Named here, so that such a test
 * knows no table or service of the server.
 */
interface OperationTarget {
  context: AppContext;
}

/** The share-expiry job, run now as if the clock read `at`: links past their time end. */
export function runShareExpiry({ context }: OperationTarget, at: Date): Promise<number> {
  return expireShares(createClipsContext(context), at);
}

/** Every pending device sign-in that was polled is told its last poll was `ms` ago (the wait has passed). */
export async function movePolledDeviceSignInsBack({ context }: OperationTarget, ms: number): Promise<void> {
  await context.db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: new Date(Date.now() - ms) })
    .where(isNotNull(deviceAuthorizations.lastPolledAt));
}

/** Every device sign-in code runs out, approved or not. */
export async function expireDeviceSignIns({ context }: OperationTarget): Promise<void> {
  await context.db.update(deviceAuthorizations).set({ expiresAt: new Date(Date.now() - 1000) });
}

/** Every clip of the user, drafts included. */
export async function countClipsOf({ context }: OperationTarget, userId: string): Promise<number> {
  const [row] = await context.db.select({ n: count() }).from(clips).where(eq(clips.userId, userId));
  return row?.n ?? 0;
}
