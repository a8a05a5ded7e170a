import { CLIP_CONTENT_MAX, SealClipFields, UnsealClipFields, utf8ByteLength, type Clip } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { clipboardKeys, clipFiles, clips } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { describeFirstIssue } from '../../lib/describe-first-issue';
import { assertNotStale, nextVersion } from '../../lib/edit-conflict';
import { authorize } from '../../lib/policy';
import type { ReceivedParts, ReceivePartsOptions } from '../../lib/single-upload';
import { assertStorageFits, holdStorageTurn } from '../../lib/storage-quota';
import { clipColumns, type ClipFileRow, type ClipRow } from './clip-columns';
import type { ClipsContext } from './clips.context';
import { clipPolicy } from './clips.policy';
import { toClip, toClipSavedEvent } from './clips.presenter';
import { findClipOr404 } from './clips.service';
import { sealedUpload } from './encrypted-clips';

/*
 * Sealing and unsealing one existing clip (docs/api.md#sealing-a-clip): a device of an end-to-end encrypted
 * clipboard sends the clip's text and every file again, sealed (or in clear, to unseal before turning the
 * encryption off), and the server swaps them in one transaction. The new bytes are in the store before it
 * starts; the old ones are deleted only after it commits, so a failure anywhere leaves the clip as it was.
 */

/** Reads the form: the route's receiver, given this form's limits and how each file is to be named. */
export type ReceiveForm = (options: ReceivePartsOptions) => Promise<ReceivedParts>;

type Direction = 'seal' | 'unseal';

/** The longest a text field may be: the content's own limit, in UTF-8 bytes at worst. */
const MAX_FIELD_BYTES = CLIP_CONTENT_MAX * 4;

interface Swap {
  content: string;
  version: number;
  /** Set when sealing; null when unsealing. */
  wrappedKey: string | null;
  parts: ReceivedParts['parts'];
}

function fieldsOf(direction: Direction, fields: Record<string, string>) {
  const parsed = (direction === 'seal' ? SealClipFields : UnsealClipFields).safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', describeFirstIssue('body', parsed.error.issues[0]));
  return parsed.data as { content: string; version: number; wrappedKey?: string };
}

/**
 * Each stored file has exactly one part, named by its id: a file left out would stay in clear (or sealed),
 * a part for no file would be kept by nobody.
 */
function assertOnePartPerFile(parts: Swap['parts'], files: readonly ClipFileRow[]): void {
  const ids = new Set(files.map((file) => file.id));
  const named = new Set(parts.map((part) => part.field));
  if (parts.length === files.length && named.size === parts.length && parts.every((part) => ids.has(part.field))) {
    return;
  }
  throw new AppError(
    'VALIDATION_FAILED',
    `Send one file part per stored file, named by its id: the clip has ${files.length} file(s), the form ${parts.length}`,
  );
}

/** Whether the clip may go this way: sealing needs a plain clip of a sealed account, unsealing a sealed clip. */
async function assertMayTurn(tx: Pick<ClipsContext['db'], 'select'>, direction: Direction, clip: ClipRow) {
  if (direction === 'unseal') {
    if (!clip.wrappedKey) throw new AppError('CONFLICT', 'This clip is not sealed by your clipboard key');
    return;
  }
  if (clip.encrypted) throw new AppError('CONFLICT', 'This clip is encrypted already');
  const [sealed] = await tx
    .select({ userId: clipboardKeys.userId })
    .from(clipboardKeys)
    .where(eq(clipboardKeys.userId, clip.userId));
  if (!sealed) throw new AppError('CONFLICT', 'Your clipboard is not encrypted end to end: turn it on first');
}

/**
 * The swap, in one transaction: the clip locked, every rule asked again under the lock, the storage turn taken
 * before any write (the order every file write takes: clip, then the owner's storage), the quota asked only if
 * the clip grows (sealed bytes are a little larger), then the files and the clip written. Answers the old keys.
 */
async function swapInTransaction(ctx: ClipsContext, direction: Direction, clipId: string, swap: Swap) {
  return ctx.db.transaction(async (tx) => {
    const [clip] = await tx
      .select({ ...clipColumns, bytes: sql<number>`octet_length(${clips.content})`.mapWith(Number) })
      .from(clips)
      .where(eq(clips.id, clipId))
      .for('update');
    if (!clip) throw new AppError('NOT_FOUND', 'Clip not found');
    await assertMayTurn(tx, direction, clip);
    assertNotStale(clip, swap.version);
    const before = await tx.select().from(clipFiles).where(eq(clipFiles.clipId, clipId));
    assertOnePartPerFile(swap.parts, before);

    await holdStorageTurn(tx, clip.userId);
    const bytesBefore = clip.bytes + before.reduce((sum, file) => sum + file.size, 0);
    const bytesAfter = utf8ByteLength(swap.content) + swap.parts.reduce((sum, part) => sum + part.stored.size, 0);
    if (bytesAfter > bytesBefore)
      await assertStorageFits(tx, ctx.limits.storageQuota, clip.userId, bytesAfter - bytesBefore);

    for (const { field, stored } of swap.parts) {
      await tx
        .update(clipFiles)
        .set({ storageKey: stored.storageKey, size: stored.size, name: stored.name, type: stored.type })
        .where(eq(clipFiles.id, field));
    }
    const files = await tx
      .select()
      .from(clipFiles)
      .where(eq(clipFiles.clipId, clipId))
      .orderBy(clipFiles.createdAt, clipFiles.id);
    const sealing = direction === 'seal';
    const [row] = await tx
      .update(clips)
      .set({
        content: swap.content,
        encrypted: sealing,
        wrappedKey: swap.wrappedKey,
        // The search copy (search_text, generated from these) must not keep a sealed clip's names or text.
        fileNames: sealing ? '' : files.map((file) => file.name).join('\n'),
        version: nextVersion(clips.version),
        updatedAt: new Date(),
      })
      .where(eq(clips.id, clipId))
      .returning(clipColumns);
    if (!row) throw new AppError('INTERNAL');
    return { row, files, oldKeys: before.map((file) => file.storageKey) };
  });
}

/**
 * Seals (or unseals) one clip of the caller's. Who may, and whether it may, is asked before a byte of the form
 * is read (the owner's clip, the right way round), then all again under the clip's lock.
 */
async function turnClip(
  ctx: ClipsContext,
  actor: Actor,
  clipId: string,
  direction: Direction,
  receive: ReceiveForm,
): Promise<Clip> {
  requireSignedIn(actor);
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'update', actor, clip);
  await assertMayTurn(ctx.db, direction, clip);
  const { fields, parts } = await receive({
    maxFiles: ctx.limits.maxFilesPerClip,
    maxFieldBytes: MAX_FIELD_BYTES,
    // A sealed file's real name and type are inside its bytes: never seen, even by an error message.
    prepare: direction === 'seal' ? sealedUpload : undefined,
  });
  let swapped: Awaited<ReturnType<typeof swapInTransaction>>;
  try {
    const { content, version, wrappedKey } = fieldsOf(direction, fields);
    swapped = await swapInTransaction(ctx, direction, clipId, {
      content,
      version,
      wrappedKey: wrappedKey ?? null,
      parts,
    });
  } catch (error) {
    await Promise.all(parts.map(({ stored }) => ctx.files.delete(stored.storageKey)));
    throw error;
  }
  // The old bytes go once no row names them; a crash in between leaves an orphan, never a hole.
  await Promise.all(swapped.oldKeys.map((key) => ctx.files.delete(key)));
  const event = toClipSavedEvent(swapped.row, swapped.files);
  ctx.events.emit('clip.content-saved', event);
  if (swapped.files.length > 0) ctx.events.emit('clip.files-changed', event);
  return toClip(swapped.row, swapped.files, actor);
}

/** `POST /clipboard/{id}/seal`: a plain clip of a sealed account, sealed by one of its devices. */
export function sealClip(ctx: ClipsContext, actor: Actor, clipId: string, receive: ReceiveForm): Promise<Clip> {
  return turnClip(ctx, actor, clipId, 'seal', receive);
}

/** `POST /clipboard/{id}/unseal`: a sealed clip back in clear, before its account turns the encryption off. */
export function unsealClip(ctx: ClipsContext, actor: Actor, clipId: string, receive: ReceiveForm): Promise<Clip> {
  return turnClip(ctx, actor, clipId, 'unseal', receive);
}
