import { and, eq, sql } from 'drizzle-orm';
import { queuedWrite } from '../../db/write-queue';
import { clipboardKeys, clips, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nextVersion, startedFrom } from '../../lib/edit-conflict';
import { newId } from '../../lib/secure-tokens';
import { assertGrownTextFits, assertNewTextFits, type QuotaRule } from '../../lib/storage-quota';
import { clipColumns, type ClipRow } from './clip-columns';

/*
 * The clip writes that go through the write queue (db/write-queue.ts): functions of the transaction and their
 * input only, with no context in reach, so that none can query the database outside the batch it runs in. On
 * the embedded database they run in its worker (database-worker.ts), so this file imports only what a write
 * needs: the schema, the quota's rule and Drizzle.
 */

/** What a new text clip's queued write needs: no context, so that it can only use the transaction it is given. */
export interface NewTextClip {
  userId: string;
  content: string;
  encrypted: boolean;
  /** The clip's key wrapped by the account's sealing key: set by a device of an end-to-end encrypted clipboard. */
  wrappedKey?: string;
  quota: QuotaRule;
}

/** A new clip, with its owner's name as a reader of its link is shown it. */
export type NewClipRow = ClipRow & { ownerName: string };

/**
 * The insert, then the quota's check on the user's row that the insert's trigger already holds (its turn):
 * refused, the write is rolled back and the clip is not kept. The owner's name comes back with the row, so
 * the answer to the link's first reader is known without a read (shared-clip-answers.ts).
 */
export const insertTextClip = queuedWrite(
  'clips.insert-text',
  async (tx, clip: NewTextClip): Promise<NewClipRow | undefined> => {
    const [inserted] = await tx
      .insert(clips)
      .values({
        id: newId(),
        userId: clip.userId,
        content: clip.content,
        encrypted: clip.encrypted,
        wrappedKey: clip.wrappedKey,
        isDraft: clip.content.length === 0,
      })
      .returning({
        ...clipColumns,
        ownerName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${clips.userId})`,
        // Asked in the same statement: a clip the server could read must not join a sealed clipboard.
        // The owner's id as a parameter: inside the sub-select an unqualified user_id would be clipboard_keys' own.
        isSealedAccount: sql<boolean>`exists (select 1 from ${clipboardKeys} where ${clipboardKeys.userId} = ${clip.userId})`,
      });
    if (inserted?.isSealedAccount && !clip.wrappedKey) throw new AppError('CLIPBOARD_SEALED');
    await assertNewTextFits(tx, clip.quota, clip.userId, clip.content);
    if (!inserted) return undefined;
    const { isSealedAccount: _isSealedAccount, ...row } = inserted;
    return row;
  },
);

/** Why a plain clip of a sealed clipboard takes no text or file: what the person is told to do instead. */
export const SEALED_PLAIN_CLIP =
  'Your clipboard is encrypted end to end and this clip is not sealed yet: it can change once a device with your clipboard unlocked has sealed it.';

/** What a text save's queued write needs: the caller, the clip, the text and the version it started from. */
export interface TextSave {
  userId: string;
  clipId: string;
  content: string;
  version: number | undefined;
  /** The text is an encrypted clip's envelope (encrypted-clips.ts): plain text saves only to a plain clip. */
  isEnvelope: boolean;
  quota: QuotaRule;
}

/**
 * The save matches only a clip of the caller's, which is the policy's `update` rule (its owner), and text that
 * is no envelope only a plain clip (asked in the UPDATE itself, so this path reads nothing more). A save that
 * makes the text longer must fit the storage quota. Nothing matched: no row, and the caller reads why.
 *
 * A plain clip of an account whose clipboard is encrypted end to end takes no save at all (409 CLIPBOARD_SEALED,
 * the write undone): a device with a stale view would put text the server can read into it, and an envelope
 * there has no wrapped key to open it by. Such a clip changes only by being sealed (POST /clipboard/{id}/seal).
 * Asked in the UPDATE's own statement, as a create asks it (insertTextClip), so no turn-on slips in between.
 *
 * One statement: a sub-select locks the row and reads its size before the save (exact even while another save
 * of it runs), and the update follows. Only a text that grew reads the quota, in a second statement: the
 * user's total is kept by the update's trigger, so it is read after it (decision 045).
 */
export const saveClipText = queuedWrite('clips.save-text', async (tx, save: TextSave): Promise<ClipRow[]> => {
  const mine = and(
    eq(clips.id, save.clipId),
    eq(clips.userId, save.userId),
    save.isEnvelope ? undefined : eq(clips.encrypted, false),
  );
  const before = tx
    .select({ id: clips.id, bytes: sql<number>`octet_length(${clips.content})`.as('bytes') })
    .from(clips)
    .where(mine)
    .for('no key update')
    .as('before');
  const saved = await tx
    .update(clips)
    // has_files as stored at this moment: a file change may land between two saves.
    .set({
      content: save.content,
      version: nextVersion(clips.version),
      updatedAt: new Date(),
      isDraft: sql`${save.content} = '' and not ${clips.hasFiles}`,
    })
    .from(before)
    .where(and(eq(clips.id, before.id), startedFrom(clips.version, save.version)))
    .returning({
      ...clipColumns,
      bytesBefore: before.bytes,
      // The owner's id as a parameter: inside the sub-select an unqualified user_id would be clipboard_keys' own.
      isSealedAccount: sql<boolean>`exists (select 1 from ${clipboardKeys} where ${clipboardKeys.userId} = ${save.userId})`,
    });
  const [row] = saved;
  if (!row) return [];
  if (row.isSealedAccount && !row.encrypted) throw new AppError('CLIPBOARD_SEALED', SEALED_PLAIN_CLIP);
  const { bytesBefore, isSealedAccount: _isSealedAccount, ...clip } = row;
  await assertGrownTextFits(tx, save.quota, save.userId, save.content, Number(bytesBefore));
  return [clip];
});
