import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clip, ClipFile, ClipFileListOrCard, ClipOrCard } from '@clipsync/shared';
import type { Database, Transaction } from '../../db/client';
import { clipboardKeys, clipFiles, clips } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseByteRange } from '../../lib/byte-range';
import { assertNotStale } from '../../lib/edit-conflict';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { authorize } from '../../lib/policy';
import { newId } from '../../lib/secure-tokens';
import { assertStorageFits } from '../../lib/storage-quota';
import type { ByteRange } from '../../storage/file-store';
import { storeUpload, type IncomingUpload, type StoredUpload } from '../../storage/store-upload';
import { takedownOf } from '../moderation/takedowns.service';
import { reachByLink, reachClip, requireSharingPlan, viewerPresentation } from './clip-access';
import { isAnsweredAlikeToAll, isPrivateLink, needsGrantForFiles, needsOpening } from './clip-link';
import { insertTextClip, saveClipText, SEALED_PLAIN_CLIP } from './clip-writes';
import { assertFileFits, assertRoomForUpload } from './clip-file-limits';
import type { ViewerInfo } from './clip-views';
import { clipColumns, type ClipFileRow, type ClipRow } from './clip-columns';
import type { ClipsContext } from './clips.context';
import { clipPolicy } from './clips.policy';
import { assertEnvelope, isEnvelope, sealedUpload } from './encrypted-clips';
import {
  toClip,
  toClipCreatedEvent,
  toClipDeletedEvent,
  toClipFile,
  toClipSavedEvent,
  toProtectedCard,
  toReadAnswer,
  type ViewerPresentation,
} from './clips.presenter';

/** The owner's way to their clip by its own id (every change); others read through clip-access.ts. */
export async function findClipOr404(db: Database, clipId: string): Promise<ClipRow> {
  const [clip] = await db.select(clipColumns).from(clips).where(eq(clips.id, clipId));
  if (!clip) throw new AppError('NOT_FOUND', 'Clip not found');
  return clip;
}

/** The files of these clips, in one query for a whole page (no N+1); clips without files cost nothing. */
export async function filesOf(db: Database, clipRows: readonly ClipRow[]): Promise<Map<string, ClipFileRow[]>> {
  const byClip = new Map<string, ClipFileRow[]>(clipRows.map((clip) => [clip.id, []]));
  // `hasFiles` is set by every file change under a lock on the clip (changeClipFiles), so the others
  // need no lookup: most saves are text, and this is one query less on the path every live update takes.
  const withFiles = clipRows.filter((clip) => clip.hasFiles).map((clip) => clip.id);
  if (withFiles.length === 0) return byClip;
  const rows = await db
    .select()
    .from(clipFiles)
    .where(inArray(clipFiles.clipId, withFiles))
    .orderBy(clipFiles.createdAt, clipFiles.id);
  for (const row of rows) byClip.get(row.clipId)?.push(row);
  return byClip;
}

async function present(db: Database, clip: ClipRow, actor: Actor, viewer?: ViewerPresentation): Promise<Clip> {
  return toClip(clip, (await filesOf(db, [clip])).get(clip.id) ?? [], actor, viewer);
}

/** A new clip's text, and how it is sealed when it is (docs/encryption.md). */
export interface NewClip {
  content: string;
  /** The content is an envelope, and the clip stays end-to-end encrypted. */
  encrypted?: boolean;
  /** The clip's key wrapped by the owner's sealing key: required of an end-to-end encrypted clipboard. */
  wrappedKey?: string;
}

/** The write goes through the write queue: creates that arrive together commit together. */
export async function createClip(ctx: ClipsContext, actor: Actor, input: NewClip): Promise<Clip> {
  const { userId } = requireSignedIn(actor);
  const quota = ctx.limits.storageQuota;
  const readSince = ctx.sharedAnswers?.begin() ?? 0;
  const { content, encrypted = false, wrappedKey } = input;
  const created = await ctx.writes.run(insertTextClip, { userId, content, encrypted, wrappedKey, quota });
  if (!created) throw new AppError('INTERNAL');
  const { ownerName, ...clip } = created;
  ctx.events.emit('clip.created', toClipCreatedEvent(clip, []));
  // A new clip's link is open: the answer its first signed-out reader gets is already known here (built only
  // where answers are remembered: not with DATABASE_URL).
  if (ctx.sharedAnswers && isAnsweredAlikeToAll(clip)) {
    const answer = toReadAnswer(toClip(clip, [], null, { reachedBy: clip.id }), ownerName, null);
    ctx.sharedAnswers.remember(clip.id, readSince, { clip: answer, ownerId: userId });
  }
  return toClip(clip, [], actor);
}

/**
 * A new clip holding text and files already in the store (a share the server kept, docs/security.md#shares-kept-for-a-claim): its file rows
 * point at their keys, no byte is copied. `take` runs first, in the same transaction, and hands over the text
 * and files (undefined: nothing to take, no clip); a refusal after it (the owner's quota, the files per clip)
 * undoes both, so what was taken stays where it was. Never an encrypted clip: the server kept those files in
 * clear, so their names are the clip's to search. So never a clip of an account whose clipboard is encrypted end
 * to end either (409 CLIPBOARD_SEALED), asked in the same transaction as the insert, as a text clip's create does.
 */
export async function createClipOfStoredFiles(
  ctx: ClipsContext,
  actor: Actor,
  take: (tx: Transaction) => Promise<{ content: string; files: readonly StoredUpload[] } | undefined>,
): Promise<Clip | undefined> {
  const { userId } = requireSignedIn(actor);
  const made = await ctx.db.transaction(async (tx) => {
    const taken = await take(tx);
    if (!taken) return undefined;
    const { content, files: stored } = taken;
    if (stored.length > ctx.limits.maxFilesPerClip) {
      throw new AppError('TOO_MANY_FILES', `A clip can hold at most ${ctx.limits.maxFilesPerClip} files.`);
    }
    const [inserted] = await tx
      .insert(clips)
      .values({
        id: newId(),
        userId,
        content,
        isDraft: content.length === 0 && stored.length === 0,
        hasFiles: stored.length > 0,
        fileNames: stored.map((file) => file.name).join('\n'),
      })
      .returning({
        ...clipColumns,
        isSealedAccount: sql<boolean>`exists (select 1 from ${clipboardKeys} where ${clipboardKeys.userId} = ${userId})`,
      });
    if (!inserted) throw new AppError('INTERNAL');
    const { isSealedAccount, ...row } = inserted;
    if (isSealedAccount) throw new AppError('CLIPBOARD_SEALED');
    const files =
      stored.length === 0
        ? []
        : await tx
            .insert(clipFiles)
            // A millisecond apart, so that they list in the order they were shared.
            .values(
              stored.map((file, index) => ({
                id: newId(),
                clipId: row.id,
                userId,
                ...file,
                createdAt: new Date(row.createdAt.getTime() + index),
              })),
            )
            .returning();
    // The new rows are counted already: the quota check only asks whether the total still fits.
    await assertStorageFits(tx, ctx.limits.storageQuota, userId, 0);
    return { row, files };
  });
  if (!made) return undefined;
  ctx.events.emit('clip.created', toClipCreatedEvent(made.row, made.files));
  return toClip(made.row, made.files, actor);
}

/**
 * A clip by its id (its owner) or its link's id (anyone else). Never spends a view: a clip that needs
 * opening answers others its card. Someone else reading an unprotected clip's content is logged (in the
 * view batch: no write on the read's path), once per visit: the page's own refresh of what it shows (after
 * joining the clip's live updates, or when its files change) is the same visit. A signed-out read of an
 * unprotected clip is answered from memory where the embedded database lets this process hear every change
 * (shared-clip-answers.ts).
 */
export async function getClip(
  ctx: ClipsContext,
  actor: Actor,
  id: string,
  viewer: ViewerInfo,
  read: { isRefresh: boolean } = { isRefresh: false },
): Promise<ClipOrCard> {
  const remembered = actor ? undefined : ctx.sharedAnswers?.get(id);
  if (remembered) {
    await requireSharingPlan(ctx, remembered.ownerId);
    ctx.viewLog.add({ clipId: id, viewerId: null, viewer, isRefresh: read.isRefresh });
    return remembered.clip;
  }
  const readSince = ctx.sharedAnswers?.begin() ?? 0;
  const access = await reachClip(ctx, actor, id);
  const { clip } = access;
  if (!access.isOwner && needsOpening(clip)) return toProtectedCard(clip, access.reachedBy);
  const [presented, takedown] = await Promise.all([
    present(ctx.db, clip, actor, viewerPresentation(ctx, access)),
    // Only the owner reaches a taken-down clip: they still read it, and why it was taken down.
    access.isOwner ? takedownOf(ctx.db, 'clip', clip.id) : null,
  ]);
  const answer = toReadAnswer(presented, access.ownerName, takedown);
  if (access.isOwner) return answer;
  ctx.viewLog.add({ clipId: clip.id, viewerId: actor?.userId ?? null, viewer, isRefresh: read.isRefresh });
  if (clip.shareId && isPrivateLink(clip)) {
    ctx.events.emit('clip.private-link-viewed', { clipId: clip.id, ownerId: clip.userId, shareId: clip.shareId });
  }
  // The same for every signed-out reader of such a link: no grant in its file links, no ability of theirs,
  // and no expiry to watch (an expiring link is private: its owner hears of each view, so each is read).
  if (!actor && isAnsweredAlikeToAll(clip)) {
    ctx.sharedAnswers?.remember(clip.id, readSince, { clip: answer, ownerId: clip.userId });
  }
  return answer;
}

/** `clip:join`: the clip someone may follow live; one that needs opening only with a view grant. */
export async function reachClipToFollow(ctx: ClipsContext, actor: Actor, id: string, grant?: string): Promise<void> {
  const access = await reachClip(ctx, actor, id, grant);
  if (!access.isOwner && needsOpening(access.clip) && !access.hasGrant) {
    throw new AppError('FORBIDDEN', 'Open the clip to follow it');
  }
}

/**
 * The save every keystroke-pause sends (live editing), through the write queue: saves and creates that arrive
 * together commit together. When nothing matches, the clip is read and says why: not found, not the caller's,
 * plain text for an encrypted clip, or stale.
 */
export async function updateClipContent(
  ctx: ClipsContext,
  actor: Actor,
  clipId: string,
  content: string,
  version?: number,
): Promise<Clip> {
  const quota = ctx.limits.storageQuota;
  const [updated] = actor
    ? await ctx.writes.run(saveClipText, {
        userId: actor.userId,
        clipId,
        content,
        version,
        isEnvelope: isEnvelope(content),
        quota,
      })
    : [];
  if (!updated) {
    const stored = await findClipOr404(ctx.db, clipId);
    authorize(clipPolicy, 'update', actor, stored);
    if (stored.encrypted) assertEnvelope(content);
    assertNotStale(stored, version);
    throw new AppError('NOT_FOUND', 'Clip not found'); // the caller's clip, deleted since the update ran
  }
  const files = (await filesOf(ctx.db, [updated])).get(updated.id) ?? [];
  ctx.events.emit('clip.content-saved', toClipSavedEvent(updated, files));
  return toClip(updated, files, actor);
}

export async function deleteClip(ctx: ClipsContext, actor: Actor, clipId: string): Promise<void> {
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'delete', actor, clip);
  const stored = await ctx.db
    .delete(clipFiles)
    .where(eq(clipFiles.clipId, clipId))
    .returning({ storageKey: clipFiles.storageKey });
  await ctx.db.delete(clips).where(eq(clips.id, clipId));
  ctx.events.emit('clip.deleted', toClipDeletedEvent(clip));
  await Promise.all(stored.map(({ storageKey }) => ctx.files.delete(storageKey)));
}

export async function toggleFavorite(
  ctx: ClipsContext,
  actor: Actor,
  clipId: string,
): Promise<{ isFavorite: boolean }> {
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'favorite', actor, clip);
  const [updated] = await ctx.db
    .update(clips)
    .set({ isFavorite: sql`not ${clips.isFavorite}` })
    .where(eq(clips.id, clipId))
    .returning({ isFavorite: clips.isFavorite });
  // Readers are shown whether it is a favourite, and no event tells of this change.
  ctx.sharedAnswers?.forget(clipId);
  return { isFavorite: updated?.isFavorite ?? clip.isFavorite };
}

/** Whether the owner's clipboard is encrypted end to end (a row in clipboard_keys), as one select's column. */
const isSealedAccountOf = (userId: string) =>
  // The owner's id as a parameter: inside the sub-select an unqualified user_id would be clipboard_keys' own.
  sql<boolean>`exists (select 1 from ${clipboardKeys} where ${clipboardKeys.userId} = ${userId})`;

/**
 * Adds or removes a clip's file and sets `hasFiles` and `isDraft` from the files then stored, in one
 * transaction that first locks the clip: two file changes on one clip cannot interleave, so the flags
 * always match the stored files (history, the draft purge and the file lookup all trust them).
 * `changed` is what `change` returned, e.g. the row it added. A file added (`kind: 'add'`) to a plain clip of
 * an account whose clipboard is encrypted end to end is refused under the lock (409 CLIPBOARD_SEALED): its name
 * and bytes are in clear. Removing one still works: it takes plaintext away.
 */
async function changeClipFiles<Changed>(
  ctx: ClipsContext,
  clip: ClipRow,
  kind: 'add' | 'remove',
  change: (tx: Transaction) => Promise<Changed>,
): Promise<{ row: ClipRow; files: ClipFileRow[]; changed: Changed }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ encrypted: clips.encrypted, isSealedAccount: isSealedAccountOf(clip.userId) })
      .from(clips)
      .where(eq(clips.id, clip.id))
      .for('update');
    // Sealed (or unsealed) since it was read: a file named and stored for the clip as it was would be wrong
    // now (a plain name in a sealed clip), so the change is refused and its upload deleted.
    if (locked && locked.encrypted !== clip.encrypted) {
      throw new AppError('CONFLICT', 'This clip was sealed or unsealed meanwhile: please try again');
    }
    // Asked here, not only before the upload streamed: the account may have turned its encryption on meanwhile.
    if (kind === 'add' && locked && !locked.encrypted && locked.isSealedAccount) {
      throw new AppError('CLIPBOARD_SEALED', SEALED_PLAIN_CLIP);
    }
    const changed = await change(tx);
    const files = await tx
      .select()
      .from(clipFiles)
      .where(eq(clipFiles.clipId, clip.id))
      .orderBy(clipFiles.createdAt, clipFiles.id);
    const hasFiles = files.length > 0;
    const [row] = await tx
      .update(clips)
      .set({
        hasFiles,
        // An encrypted clip's names are all ENCRYPTED_FILE_NAME, and search skips it anyway: nothing to index.
        fileNames: clip.encrypted ? '' : files.map((file) => file.name).join('\n'),
        isDraft: hasFiles ? false : sql`${clips.content} = ''`,
        updatedAt: new Date(),
      })
      .where(eq(clips.id, clip.id))
      .returning(clipColumns);
    return { row: row ?? clip, files, changed };
  });
  ctx.events.emit('clip.files-changed', toClipSavedEvent(result.row, result.files));
  return result;
}

/** A plain clip of a sealed account takes no file: refused before its upload is read (unlocked, a shortcut). */
async function assertNotSealedAccount(db: Database, userId: string): Promise<void> {
  const [owner] = await db
    .select({ userId: clipboardKeys.userId })
    .from(clipboardKeys)
    .where(eq(clipboardKeys.userId, userId));
  if (owner) throw new AppError('CLIPBOARD_SEALED', SEALED_PLAIN_CLIP);
}

/** The clip after the upload, and the file this upload added (others may have landed alongside). */
export interface AddedClipFile {
  clip: Clip;
  file: ClipFile;
}

/**
 * Streams the upload into the store (10 MB cap, nothing kept on failure), then records it if the clip
 * and the owner's storage quota still have room (lib/storage-quota.ts). An encrypted clip's file is kept
 * under the neutral name and type whatever the client declared (encrypted-clips.ts).
 */
export async function addClipFile(
  ctx: ClipsContext,
  actor: Actor,
  clipId: string,
  file: IncomingUpload,
): Promise<AddedClipFile> {
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'upload', actor, clip);
  // Before a byte is read, as the room is: only a shortcut, changeClipFiles asks again under the clip's lock.
  if (!clip.encrypted) await assertNotSealedAccount(ctx.db, clip.userId);
  await assertRoomForUpload(ctx.db, ctx.limits, clip);
  return storeUpload(ctx.files, clip.encrypted ? sealedUpload(file) : file, async (stored) => {
    const { row, files, changed } = await changeClipFiles(ctx, clip, 'add', async (tx) => {
      await assertFileFits(tx, ctx.limits, clip, stored);
      const [inserted] = await tx
        .insert(clipFiles)
        .values({ id: newId(), clipId, userId: clip.userId, ...stored })
        .returning();
      if (!inserted) throw new AppError('INTERNAL');
      return inserted;
    });
    return { clip: toClip(row, files, actor), file: toClipFile(changed) };
  });
}

/** Broadcasts the stored file list again (the owner's `clip-files-update`). */
export async function republishClipFiles(ctx: ClipsContext, actor: Actor, clipId: string): Promise<void> {
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'publishLive', actor, clip);
  const files = (await filesOf(ctx.db, [clip])).get(clip.id) ?? [];
  ctx.events.emit('clip.files-changed', toClipSavedEvent(clip, files));
}

/** A clip's files, by the same ways and rules as the clip itself (getClip). */
export async function listClipFiles(ctx: ClipsContext, actor: Actor, id: string): Promise<ClipFileListOrCard> {
  const access = await reachClip(ctx, actor, id);
  if (!access.isOwner && needsOpening(access.clip)) return toProtectedCard(access.clip, access.reachedBy);
  return { files: (await present(ctx.db, access.clip, actor, viewerPresentation(ctx, access))).files };
}

export async function deleteClipFile(ctx: ClipsContext, actor: Actor, clipId: string, fileId: string): Promise<void> {
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'deleteFile', actor, clip);
  let storageKey: string | undefined;
  await changeClipFiles(ctx, clip, 'remove', async (tx) => {
    const [removed] = await tx
      .delete(clipFiles)
      .where(and(eq(clipFiles.id, fileId), eq(clipFiles.clipId, clipId)))
      .returning({ storageKey: clipFiles.storageKey });
    if (!removed) throw new AppError('NOT_FOUND', 'File not found');
    storageKey = removed.storageKey;
  });
  // The stored bytes go once the row is gone for good; a crash in between leaves an orphan, never a hole.
  if (storageKey) await ctx.files.delete(storageKey);
}

/**
 * A stored file for download: its clip's owner, or anyone holding its clip's open link, with the view grant
 * (`access`) where the clip's files need one. Refused alike (404) whatever the reason.
 */
export async function openClipFile(
  ctx: ClipsContext,
  actor: Actor,
  fileId: string,
  access?: string,
  rangeHeader?: string,
): Promise<{ file: ClipFileRow; body: Readable; range: ByteRange | undefined }> {
  const [row] = await ctx.db
    .select({ file: clipFiles, clip: clipColumns })
    .from(clipFiles)
    .innerJoin(clips, eq(clips.id, clipFiles.clipId))
    .where(eq(clipFiles.id, fileId));
  const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');
  if (!row) throw fileNotFound();
  if (actor?.userId !== row.clip.userId) {
    const reached = await reachByLink(ctx, actor, row.clip, row.clip.shareId ?? '', access).catch((error) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? fileNotFound() : error;
    });
    if (needsGrantForFiles(row.clip) && !reached.hasGrant) throw fileNotFound();
  }
  // A range lets a page read an encrypted file's sealed name from its first 4 KB (docs/encryption.md).
  const range = parseByteRange(rangeHeader, row.file.size);
  return { file: row.file, body: await ctx.files.get(row.file.storageKey, range), range };
}

/** Empty clips left by the new-clip page are drafts, out of every list and count; after 24 h they are removed. */
export async function purgeDrafts(ctx: Pick<ClipsContext, 'db' | 'sharedAnswers'>, olderThan: Date): Promise<number> {
  const removed = await ctx.db
    .delete(clips)
    .where(and(eq(clips.isDraft, true), lt(clips.createdAt, olderThan)))
    .returning({ id: clips.id });
  // Deleted without an event (nobody follows a draft), but its link may have been read.
  for (const { id } of removed) ctx.sharedAnswers?.forget(id);
  return removed.length;
}
