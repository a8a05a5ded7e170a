/**
 * Set-up a scenario asks the ClipSync child for over IPC, done with the server's own database handle: a
 * confirmed, signed-in user (the tests' factory: a real session, a real access token), bulk-seeded clips and
 * accounts that exist without a session (confirmed, or registered and waiting for their confirmation link).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/modules/define-module';
import { clips, users } from '../../apps/server/src/db/schema';
import { newId } from '../../apps/server/src/lib/secure-tokens';
import { issueEmailToken } from '../../apps/server/src/modules/auth/email-tokens';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { createSignedInUser } from '../../apps/server/test/factories';
import type { ChildMethods } from './child-protocol';

export interface SignedIn {
  userId: string;
  accessToken: string;
}

export interface SeedRequest {
  userId: string;
  count: number;
  /** Put `word` in every `everyNth` clip (the rest never contain it), for a search hitting a known share. */
  word: string;
  everyNth: number;
  /** Spread created_at evenly over this many days back from now. */
  days: number;
}

/** 8 columns × 1 000 rows stays far below PostgreSQL's 65 535 bind parameters per statement. */
const SEED_BATCH = 1_000;
const FILLER = 'note link draft meeting recipe address todo quote snippet code reply list idea plan'.split(' ');

/** A cheap deterministic generator, so two runs seed the same text (same lengths, same hit rate). */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seedClips({ db }: AppContext, request: SeedRequest) {
  const random = randomSequence(42);
  const newest = Date.now();
  const spanMs = request.days * 24 * 60 * 60 * 1000;
  const startedAt = performance.now();
  for (let first = 0; first < request.count; first += SEED_BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + SEED_BATCH, request.count); index++) {
      // 5 to 40 words (~30 to 300 characters), like clipboard text.
      const words = Array.from(
        { length: 5 + Math.floor(random() * 36) },
        () => FILLER[Math.floor(random() * FILLER.length)],
      );
      if (index % request.everyNth === 0) words.splice(Math.floor(random() * words.length), 0, request.word);
      const createdAt = new Date(newest - (index / request.count) * spanMs);
      rows.push({
        id: newId(),
        userId: request.userId,
        content: `#${index} ${words.join(' ')}`,
        isDraft: false,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.insert(clips).values(rows);
  }
  const insertSeconds = (performance.now() - startedAt) / 1000;
  // What autovacuum would have done by now on PostgreSQL (PGlite runs none): planner statistics and the
  // visibility map, so the plans measured are those of a database that has been up for a while.
  await db.execute(sql`vacuum analyze clips`);
  return { insertSeconds, totalSeconds: (performance.now() - startedAt) / 1000 };
}

export interface AccountsRequest {
  /** The accounts' addresses (distinct, not yet in the database). */
  emails: string[];
  /** Confirmed, or registered with a live confirmation link as `POST /api/auth/register` leaves one. */
  confirmed: boolean;
}

/** Accounts written straight to the database; one argon2 hash shared by all (they are never signed in to). */
async function createAccounts({ db }: AppContext, request: AccountsRequest) {
  const passwordHash = await hashPassword('correct horse battery');
  const rows = request.emails.map((email) => ({
    id: newId(),
    email,
    name: 'Bench User',
    passwordHash,
    emailConfirmedAt: request.confirmed ? new Date() : null,
  }));
  if (rows.length > 0) await db.insert(users).values(rows);
  if (!request.confirmed) for (const row of rows) await issueEmailToken(db, row.id, 'confirm');
  return { created: rows.length };
}

export function clipsyncFixtures(context: AppContext): ChildMethods {
  return {
    signIn: async (): Promise<SignedIn> => {
      const user = await createSignedInUser({ context });
      return { userId: user.id, accessToken: user.tokens.access_token };
    },
    seedClips: async (args) => seedClips(context, args as SeedRequest),
    createAccounts: async (args) => createAccounts(context, args as AccountsRequest),
  };
}
