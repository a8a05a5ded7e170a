import type { Clip, RoomDetail, SessionTokens, UploadResult } from '@clipsync/shared';
import { and, eq } from 'drizzle-orm';
import { roomInvitations, users } from '../src/db/schema';
import { hashToken, newId, newSecretToken } from '../src/lib/secure-tokens';
import type { AppContext } from '../src/modules/define-module';
import { hashPassword } from '../src/modules/auth/password';
import { startSession } from '../src/modules/auth/sessions.service';
import { as } from './as';
import type { TestApp } from './build-test-app';
import { multipartFile } from './multipart';

/**
 * Set-up for every area's tests: entities written the quick way (straight to the database) where the
 * test is not about creating them, and through the API where the API's answer is what later steps use.
 */

export interface TestUser {
  id: string;
  email: string;
  password: string;
  tokens: SessionTokens;
}

let counter = 0;

/** A confirmed account, written straight to the database, with no session yet. */
export async function createUser(
  { context }: Pick<TestApp, 'context'>,
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<Omit<TestUser, 'tokens'>> {
  const email = overrides.email ?? `user${++counter}-${newId().slice(0, 6).toLowerCase()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const id = newId();
  await context.db.insert(users).values({
    id,
    email,
    name: overrides.name ?? 'Test User',
    passwordHash: await hashPassword(password),
    emailConfirmedAt: new Date(),
  });
  return { id, email, password };
}

/** A new session (another device) of an existing user: its access and refresh tokens. */
export function createSession(context: AppContext, userId: string): Promise<SessionTokens> {
  return startSession({ db: context.db, events: context.events, jwtSecret: context.serverSecret }, userId);
}

/** A confirmed user with a live session: the usual caller of a test. */
export async function createSignedInUser(
  testApp: Pick<TestApp, 'context'>,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const user = await createUser(testApp, overrides);
  return { ...user, tokens: await createSession(testApp.context, user.id) };
}

/** A clip of `owner`'s, created through the API (201), as the app answers it. */
export async function createClip(testApp: Pick<TestApp, 'app'>, owner: TestUser, content = 'a clip'): Promise<Clip> {
  const res = await as(testApp, owner).post('/api/clipboard', { content });
  if (res.statusCode !== 201) throw new Error(`createClip: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A file uploaded to one of `owner`'s clips through the API (201). */
export async function uploadClipFile(
  testApp: Pick<TestApp, 'app'>,
  owner: TestUser,
  clipId: string,
  file: { name?: string; type?: string; content?: Buffer } = {},
): Promise<UploadResult> {
  const body = multipartFile(
    'file',
    file.name ?? 'note.txt',
    file.type ?? 'text/plain',
    file.content ?? Buffer.from('hi'),
  );
  const res = await as(testApp, owner).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  if (res.statusCode !== 201) throw new Error(`uploadClipFile: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A room of `owner`'s, created through the API (201), public unless asked otherwise. */
export async function createRoom(
  testApp: Pick<TestApp, 'app'>,
  owner: TestUser,
  input: { name?: string; isPrivate?: boolean } = {},
): Promise<RoomDetail> {
  const res = await as(testApp, owner).post('/api/rooms', {
    name: input.name ?? 'A room',
    isPrivate: input.isPrivate ?? false,
  });
  if (res.statusCode !== 201) throw new Error(`createRoom: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Makes `member` a member of a room through the API, as the app does: `by` (a member already) invites the
 * address (202) and `member` accepts. The mailed token is replaced by one the factory knows, so that no
 * test waits for mail.
 */
export async function addRoomMember(
  testApp: Pick<TestApp, 'app' | 'context'>,
  by: TestUser,
  roomId: string,
  member: Pick<TestUser, 'email' | 'tokens'>,
): Promise<void> {
  const res = await as(testApp, by).post(`/api/rooms/${roomId}/members`, { email: member.email });
  if (res.statusCode !== 202) throw new Error(`addRoomMember: ${res.statusCode} ${res.body}`);
  const token = newSecretToken();
  await testApp.context.db
    .update(roomInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(roomInvitations.roomId, roomId), eq(roomInvitations.email, member.email)));
  const accepted = await as(testApp, member).post('/api/rooms/invitations/accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`addRoomMember (accept): ${accepted.statusCode} ${accepted.body}`);
}
