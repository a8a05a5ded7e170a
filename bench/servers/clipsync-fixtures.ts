/**
 * Set-up a scenario asks the ClipSync child for over IPC, done with the server's own database handle: a
 * confirmed, signed-in user (the tests' factory: a real session, a real access token), bulk-seeded clips,
 * accounts that exist without a session (confirmed, or registered and waiting for their confirmation link),
 * a seeded room (members with real sessions and access tokens, content items), a user's full desktop and the
 * many accounts of the admin console's users directory.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../apps/server/src/app-context';
import {
  clips,
  desktopItems,
  desktops,
  pendingRegistrations,
  roomContent,
  roomMembers,
  rooms,
  sessions,
  users,
} from '../../apps/server/src/db/schema';
import { signAccessToken } from '../../apps/server/src/lib/access-token';
import { newId, newSecretToken } from '../../apps/server/src/lib/secure-tokens';
import { EMAIL_TOKEN_TTL_MS, issueEmailToken, NO_PASSWORD_YET } from '../../apps/server/src/modules/auth/email-tokens';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { createTestFactory } from '../../apps/server/test/factories';
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
  /** Every clip's text padded with filler words to this many bytes (the search budget's: 512); unset: 30–300. */
  clipBytes?: number;
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

/** `text` followed by filler words up to `bytes` (ASCII), or as it is when `bytes` is unset or smaller. */
function padTo(text: string, bytes: number | undefined, random: () => number): string {
  let padded = text;
  while (bytes !== undefined && padded.length < bytes) padded += ` ${FILLER[Math.floor(random() * FILLER.length)]}`;
  return bytes === undefined ? padded : padded.slice(0, Math.max(bytes, text.length));
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
      const content = padTo(`#${index} ${words.join(' ')}`, request.clipBytes, random);
      const createdAt = new Date(newest - (index / request.count) * spanMs);
      rows.push({
        id: newId(),
        userId: request.userId,
        content,
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
    // An unconfirmed account's password is its registration's (decision 039), as a sign-up leaves it.
    passwordHash: request.confirmed ? passwordHash : NO_PASSWORD_YET,
    emailConfirmedAt: request.confirmed ? new Date() : null,
  }));
  if (rows.length > 0) await db.insert(users).values(rows);
  if (!request.confirmed) {
    for (const row of rows) {
      await db.insert(pendingRegistrations).values({
        id: newId(),
        userId: row.id,
        name: row.name,
        passwordHash,
        expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.confirm),
      });
      await issueEmailToken(db, row.id, 'confirm');
    }
  }
  return { created: rows.length };
}

export interface SeedUsersRequest {
  count: number;
  /** Every `everyNth` account's name holds `word` (the rest never do), for a search hitting a known share. */
  word: string;
  everyNth: number;
}

const FIRST_NAMES = 'Ada Ben Chloe Dev Emma Farid Grace Hugo Ines Jonas Kira Liam Mona Nils Olga Paul'.split(' ');

/**
 * Accounts as the admin console lists them, written straight to the database: joined over the last year,
 * storage from 0 to ~100 MB and a last seen for three in four (the others never seen), so each sort has
 * ties and nulls to page through. One argon2 hash for all: none is signed in to.
 */
async function seedUsers({ db }: AppContext, request: SeedUsersRequest) {
  const random = randomSequence(7);
  const passwordHash = await hashPassword('correct horse battery');
  const now = Date.now();
  const yearMs = 365 * 24 * 60 * 60 * 1000;
  const startedAt = performance.now();
  for (let first = 0; first < request.count; first += SEED_BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + SEED_BATCH, request.count); index++) {
      const given = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
      const family = index % request.everyNth === 0 ? request.word : `Family${Math.floor(random() * 5_000)}`;
      rows.push({
        id: newId(),
        email: `member${index}@example.org`,
        name: `${given} ${family}`,
        passwordHash,
        emailConfirmedAt: new Date(),
        createdAt: new Date(now - random() * yearMs),
        lastSeenAt: random() < 0.25 ? null : new Date(now - random() * yearMs),
        storedBytes: Math.floor(random() * random() * 100 * 1024 * 1024),
      });
    }
    await db.insert(users).values(rows);
  }
  const insertSeconds = (performance.now() - startedAt) / 1000;
  await db.execute(sql`vacuum analyze users`);
  return { insertSeconds, totalSeconds: (performance.now() - startedAt) / 1000 };
}

export interface SeedRoomRequest {
  /** The owner (a signed-in user); counted among `members`. */
  ownerId: string;
  ownerToken: string;
  /** Members in all, the owner included: `members - 1` accounts are created, each with a session. */
  members: number;
  items: number;
  /** `word` in every `everyNth` text item (the rest, and every file name and e-mail, never contain it). */
  word: string;
  everyNth: number;
  /** Every `fileEveryNth` item (offset from the word's) is a file row: metadata only, no bytes stored. */
  fileEveryNth: number;
  /** Spread created_at evenly over this many days back from now. */
  days: number;
  /** Every clip's text padded with filler words to this many bytes (the search budget's: 512); unset: 30–300. */
  clipBytes?: number;
}

export interface SeededRoom {
  roomId: string;
  /** Every member, the owner first, with their own access token (a live session each). */
  members: SignedIn[];
  insertSeconds: number;
  totalSeconds: number;
}

const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A room of the owner's with `members - 1` more members and `items` content items, written in bulk. Members
 * are confirmed accounts sharing one argon2 hash (never signed in to by password), each given a session row
 * and an access token signed as `startSession` does, so HTTP and the socket handshake check them for real.
 * Items are written by the members in turn, newest first, spread over `days`.
 */
async function seedRoom({ db, serverSecret }: AppContext, request: SeedRoomRequest): Promise<SeededRoom> {
  const random = randomSequence(7);
  const startedAt = performance.now();
  const passwordHash = await hashPassword('correct horse battery');
  const roomId = newId();
  const tag = roomId.slice(0, 8).toLowerCase();
  const others = Array.from({ length: request.members - 1 }, (_, index) => ({
    id: newId(),
    email: `member${index}-${tag}@example.com`,
    name: 'Bench Member',
    passwordHash,
    emailConfirmedAt: new Date(),
  }));
  const memberSessions = others.map((user) => ({
    id: newId(),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  }));
  for (let first = 0; first < others.length; first += SEED_BATCH) {
    await db.insert(users).values(others.slice(first, first + SEED_BATCH));
    await db.insert(sessions).values(memberSessions.slice(first, first + SEED_BATCH));
  }
  await db.insert(rooms).values({
    id: roomId,
    name: 'Bench room',
    isPrivate: true,
    ownerId: request.ownerId,
    shareToken: newSecretToken(),
    memberCount: request.members,
  });
  const joinedFrom = Date.now() - request.days * 24 * 60 * 60 * 1000;
  const memberRows = [
    { roomId, userId: request.ownerId, role: 'owner' as const, joinedAt: new Date(joinedFrom) },
    ...others.map((user, index) => ({
      roomId,
      userId: user.id,
      role: 'member' as const,
      joinedAt: new Date(joinedFrom + (index + 1) * 1000),
    })),
  ];
  for (let first = 0; first < memberRows.length; first += SEED_BATCH) {
    await db.insert(roomMembers).values(memberRows.slice(first, first + SEED_BATCH));
  }
  const authorIds = [request.ownerId, ...others.map((user) => user.id)];
  const newest = Date.now();
  const spanMs = request.days * 24 * 60 * 60 * 1000;
  for (let first = 0; first < request.items; first += SEED_BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + SEED_BATCH, request.items); index++) {
      const createdAt = new Date(newest - (index / request.items) * spanMs);
      const common = {
        id: newId(),
        roomId,
        userId: authorIds[index % authorIds.length]!,
        createdAt,
        updatedAt: createdAt,
      };
      if (index % request.fileEveryNth === Math.floor(request.fileEveryNth / 2)) {
        const name = `${FILLER[index % FILLER.length]}-${index}.pdf`;
        rows.push({
          ...common,
          type: 'file' as const,
          content: '',
          fileName: name,
          fileType: 'application/pdf',
          fileSize: 10_000 + Math.floor(random() * 1_000_000),
          storageKey: newId(),
        });
        continue;
      }
      const words = Array.from(
        { length: 5 + Math.floor(random() * 36) },
        () => FILLER[Math.floor(random() * FILLER.length)],
      );
      if (index % request.everyNth === 0) words.splice(Math.floor(random() * words.length), 0, request.word);
      rows.push({ ...common, type: 'text' as const, content: `#${index} ${words.join(' ')}` });
    }
    await db.insert(roomContent).values(rows);
  }
  const insertSeconds = (performance.now() - startedAt) / 1000;
  // As seedClips: what autovacuum would have done by now on PostgreSQL (PGlite runs none).
  for (const table of ['users', 'sessions', 'rooms', 'room_members', 'room_content']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const tokens = await Promise.all(
    memberSessions.map((session) => signAccessToken(serverSecret, { userId: session.userId, sessionId: session.id })),
  );
  const members = [
    { userId: request.ownerId, accessToken: request.ownerToken },
    ...memberSessions.map((session, index) => ({ userId: session.userId, accessToken: tokens[index]! })),
  ];
  return { roomId, members, insertSeconds, totalSeconds: (performance.now() - startedAt) / 1000 };
}

export interface SeedDesktopRequest {
  /** The owner (a signed-in user): their personal desktop, which `GET /api/virtual-desktop` then finds. */
  userId: string;
  items: number;
  /** Every `fileEveryNth` item is a file block (metadata only, no bytes stored); the rest are text. */
  fileEveryNth: number;
}

export interface SeededDesktop {
  desktopId: string;
  items: number;
  files: number;
  insertSeconds: number;
  totalSeconds: number;
}

/** Blocks per row of the seeded grid: 200×150 blocks 10 px apart, well inside DESKTOP_COORDINATE_MAX. */
const DESKTOP_COLUMNS = 20;

/**
 * The user's personal desktop (created here, as `findOrCreate` would on first use) with `items` blocks in a
 * grid, oldest first over the last 24 h: text of 5 to 40 words, and every `fileEveryNth` a file row with
 * name, type, size and storage key (its bytes are never read by `GET /api/virtual-desktop`).
 */
async function seedDesktop({ db }: AppContext, request: SeedDesktopRequest): Promise<SeededDesktop> {
  const random = randomSequence(12);
  const startedAt = performance.now();
  const desktopId = newId();
  await db.insert(desktops).values({ id: desktopId, ownerId: request.userId });
  const newest = Date.now();
  const spanMs = 24 * 60 * 60 * 1000;
  let files = 0;
  for (let first = 0; first < request.items; first += SEED_BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + SEED_BATCH, request.items); index++) {
      const createdAt = new Date(newest - ((request.items - index) / request.items) * spanMs);
      const common = {
        id: newId(),
        desktopId,
        x: (index % DESKTOP_COLUMNS) * 210,
        y: Math.floor(index / DESKTOP_COLUMNS) * 160,
        width: 200,
        height: 150,
        createdAt,
        updatedAt: createdAt,
      };
      if (index % request.fileEveryNth === Math.floor(request.fileEveryNth / 2)) {
        files++;
        rows.push({
          ...common,
          type: 'file' as const,
          content: '',
          fileName: `${FILLER[index % FILLER.length]}-${index}.pdf`,
          fileType: 'application/pdf',
          fileSize: 10_000 + Math.floor(random() * 1_000_000),
          storageKey: newId(),
        });
        continue;
      }
      const words = Array.from(
        { length: 5 + Math.floor(random() * 36) },
        () => FILLER[Math.floor(random() * FILLER.length)],
      );
      rows.push({ ...common, type: 'text' as const, content: `#${index} ${words.join(' ')}` });
    }
    await db.insert(desktopItems).values(rows);
  }
  const insertSeconds = (performance.now() - startedAt) / 1000;
  // As seedClips: what autovacuum would have done by now on PostgreSQL (PGlite runs none).
  for (const table of ['desktops', 'desktop_items']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return {
    desktopId,
    items: request.items,
    files,
    insertSeconds,
    totalSeconds: (performance.now() - startedAt) / 1000,
  };
}

export function clipsyncFixtures(app: FastifyInstance, context: AppContext): ChildMethods {
  const factory = createTestFactory({ app, context });
  return {
    signIn: async (): Promise<SignedIn> => {
      const user = await factory.user();
      return { userId: user.id, accessToken: user.tokens.access_token };
    },
    /** A user with two registered browser devices: the sender's token, and the receiver's token and device id. */
    signInTwoDevices: async () => {
      const user = await factory.user();
      const receiver = await factory.session(user);
      const register = async (token: string, name: string) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/devices',
            headers: { authorization: `Bearer ${token}` },
            payload: { name, kind: 'browser' },
          })
        ).json<{ id: string }>();
      await register(user.tokens.access_token, 'bench sender');
      const device = await register(receiver.access_token, 'bench receiver');
      return {
        senderToken: user.tokens.access_token,
        receiverToken: receiver.access_token,
        receiverDeviceId: device.id,
      };
    },
    /** An admin, signed in: the console's caller. */
    signInAdmin: async (): Promise<SignedIn> => {
      const user = await factory.user({ role: 'admin' });
      return { userId: user.id, accessToken: user.tokens.access_token };
    },
    seedClips: async (args) => seedClips(context, args as SeedRequest),
    seedUsers: async (args) => seedUsers(context, args as SeedUsersRequest),
    createAccounts: async (args) => createAccounts(context, args as AccountsRequest),
    seedRoom: async (args) => seedRoom(context, args as SeedRoomRequest),
    seedDesktop: async (args) => seedDesktop(context, args as SeedDesktopRequest),
  };
}
