import {
  CLIP_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  ROOM_ENDPOINTS,
  type Clip,
  type Desktop,
  type RoomDetail,
  type SessionTokens,
  type TokenScope,
  type UploadResult,
  type UserRole,
} from '@clipsync/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roomInvitations, users } from '../src/db/schema';
import { hashToken, newId, newSecretToken } from '../src/lib/secure-tokens';
import type { AppContext } from '../src/app-context';
import { hashPassword } from '../src/modules/auth/password';
import { startSession } from '../src/modules/auth/sessions.service';
import { createTestApiClient, type TestApiClient } from './api-client';
import { as, type Caller } from './as';
import { signInByDevice, type DeviceSignInInput } from './factories/device-sign-in';
import { createPersonalAccessToken, type TestToken } from './factories/personal-access-tokens';
import { multipartFile } from './multipart';

export type { TestToken } from './factories/personal-access-tokens';

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

/** Entities made the quick way, for tests that are not about making them: `testApp.factory`. */
export interface TestFactory {
  /** A confirmed user with a live session: the usual caller of a test (`{ role: 'admin' }` for an admin). */
  user(overrides?: UserOverrides): Promise<TestUser>;
  /** Another session (device) of a user. */
  session(user: Pick<TestUser, 'id'>): Promise<SessionTokens>;
  clip(input: { owner: TestUser; content?: string }): Promise<Clip>;
  file(input: {
    owner: TestUser;
    clipId: string;
    name?: string;
    type?: string;
    content?: Buffer;
  }): Promise<UploadResult>;
  /** A room of `owner`'s, created through the API (201), public unless asked otherwise. */
  room(input: { owner: TestUser; name?: string; isPrivate?: boolean }): Promise<RoomDetail>;
  /** Makes `member` a member of a room by `by`'s invitation, accepted (see addRoomMember). */
  roomMember(input: { by: TestUser; roomId: string; member: Pick<TestUser, 'email' | 'tokens'> }): Promise<void>;
  /** `owner`'s own desktop as the API answers it (made on first use). */
  desktop(input: { owner: TestUser }): Promise<Desktop>;
  /** A personal access token of `owner`'s, made as the settings page makes one. */
  token(input: { owner: TestUser; name?: string; scopes?: TokenScope[] }): Promise<TestToken>;
  /** A CLI of `owner`'s signed in by the whole device sign-in (code, approval, token). */
  deviceSignIn(input: { owner: TestUser } & DeviceSignInInput): Promise<{ accessToken: string; caller: Caller }>;
}

/** What the factory reaches of a test app: its HTTP surface, the typed client as a caller, its modules' context. */
interface FactoryTarget {
  app: FastifyInstance;
  api(caller?: Caller | null): TestApiClient;
  context: AppContext;
}

/** The factory of one test app (buildTestApp binds it as `testApp.factory`). */
export function createTestFactory({ app, context }: { app: FastifyInstance; context: AppContext }): TestFactory {
  const target: FactoryTarget = { app, context, api: (caller) => createTestApiClient(app, caller) };
  return {
    user: (overrides) => createSignedInUser(target, overrides),
    session: (user) => createSession(target.context, user.id),
    clip: ({ owner, content }) => createClip(target, owner, content),
    file: ({ owner, clipId, ...file }) => uploadClipFile(target, owner, clipId, file),
    room: ({ owner, ...input }) => createRoom(target, owner, input),
    roomMember: ({ by, roomId, member }) => addRoomMember(target, by, roomId, member),
    desktop: ({ owner }) => desktopOf(target, owner),
    token: ({ owner, ...options }) => createPersonalAccessToken(target.api, owner, options),
    deviceSignIn: ({ owner, ...input }) => signInByDevice(target.api, owner, input),
  };
}

let counter = 0;

/**
 * One argon2id hash per password for the whole test process: each costs ~19 MiB and tens of milliseconds of a
 * core, and set-up makes thousands of accounts that nearly all share the default password. Signing in still
 * verifies the hash for real; the hashing itself is tested where the service registers an account.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

type UserOverrides = { email?: string; password?: string; name?: string; role?: UserRole };

/** A confirmed account, written straight to the database, with no session yet. */
async function createUser(
  { context }: Pick<FactoryTarget, 'context'>,
  overrides: UserOverrides = {},
): Promise<Omit<TestUser, 'tokens'>> {
  const email = overrides.email ?? `user${++counter}-${newId().slice(0, 6).toLowerCase()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const id = newId();
  await context.db.insert(users).values({
    id,
    email,
    name: overrides.name ?? 'Test User',
    passwordHash: await hashOnce(password),
    emailConfirmedAt: new Date(),
    role: overrides.role ?? 'user',
  });
  return { id, email, password };
}

/** A new session (another device) of an existing user: its access and refresh tokens. */
function createSession(context: AppContext, userId: string): Promise<SessionTokens> {
  return startSession({ db: context.db, events: context.events, jwtSecret: context.serverSecret }, userId);
}

/** A confirmed user with a live session: the usual caller of a test. */
async function createSignedInUser(
  testApp: Pick<FactoryTarget, 'context'>,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const user = await createUser(testApp, overrides);
  return { ...user, tokens: await createSession(testApp.context, user.id) };
}

/** A clip of `owner`'s, created through the API (201), as the app answers it. */
function createClip({ api }: Pick<FactoryTarget, 'api'>, owner: TestUser, content = 'a clip'): Promise<Clip> {
  return api(owner).call(CLIP_ENDPOINTS.create, { body: { content } });
}

/**
 * A file uploaded to one of `owner`'s clips through the API (201), as a multipart form: the form takes names
 * the raw upload's header refuses (a control character), which tests of how a name is shown rely on.
 */
async function uploadClipFile(
  { app }: Pick<FactoryTarget, 'app'>,
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
  const res = await as({ app }, owner).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  if (res.statusCode !== 201) throw new Error(`uploadClipFile: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A room of `owner`'s, created through the API (201), public unless asked otherwise. */
function createRoom(
  { api }: Pick<FactoryTarget, 'api'>,
  owner: TestUser,
  input: { name?: string; isPrivate?: boolean } = {},
): Promise<RoomDetail> {
  return api(owner).call(ROOM_ENDPOINTS.create, {
    body: { name: input.name ?? 'A room', isPrivate: input.isPrivate ?? false },
  });
}

/**
 * Makes `member` a member of a room through the API, as the app does: `by` (a member already) invites the
 * address (202) and `member` accepts. The mailed token is replaced by one the factory knows, so that no
 * test waits for mail.
 */
async function addRoomMember(
  { api, context }: FactoryTarget,
  by: TestUser,
  roomId: string,
  member: Pick<TestUser, 'email' | 'tokens'>,
): Promise<void> {
  await api(by).call(ROOM_ENDPOINTS.addMember, { params: { id: roomId }, body: { email: member.email } });
  const token = newSecretToken();
  await context.db
    .update(roomInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(roomInvitations.roomId, roomId), eq(roomInvitations.email, member.email)));
  await api(member).call(ROOM_ENDPOINTS.acceptInvitation, { body: { token } });
}

/** `owner`'s own desktop, through the API (200). */
function desktopOf({ api }: Pick<FactoryTarget, 'api'>, owner: TestUser): Promise<Desktop> {
  return api(owner).call(DESKTOP_ENDPOINTS.get);
}
