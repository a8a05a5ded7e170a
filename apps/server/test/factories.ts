import type { FastifyInstance } from 'fastify';
import type { SessionTokens } from '@clipsync/shared';
import { users } from '../src/db/schema';
import { newId } from '../src/lib/secure-tokens';
import { hashPassword } from '../src/modules/auth/password';
import { startSession } from '../src/modules/auth/sessions.service';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  tokens: SessionTokens;
}

let counter = 0;

/** A confirmed user with a live session, written straight to the database (fast set-up for other tests). */
export async function createSignedInUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const { db } = app.services.database;
  const email = overrides.email ?? `user${++counter}-${newId().slice(0, 6).toLowerCase()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const id = newId();
  await db
    .insert(users)
    .values({ id, email, name: 'Test User', passwordHash: await hashPassword(password), emailConfirmedAt: new Date() });
  const tokens = await startSession({ db, events: app.services.events, jwtSecret: app.services.jwtSecret }, id);
  return { id, email, password, tokens };
}
