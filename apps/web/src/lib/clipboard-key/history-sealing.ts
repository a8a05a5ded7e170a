import { ENCRYPTED_FILE_NAME, type Clip } from '@clipsync/shared';
import { clipSealer } from '../clip-sealer';
import { openText } from '../opened-texts';
import { openSealedFile } from '../sealed-files';
import { clipKeyOf, newClipKey } from './clip-keys';

/** What sealing the history asks of the server (api/clip-sealing-calls.ts; the tests' fakes). */
export interface HistorySealingCalls {
  /** The owner's clips still in clear (`sealed: false`) or still sealed (`true`), newest first. */
  list(sealed: boolean, limit: number): Promise<Clip[]>;
  readFile(url: string): Promise<ReadableStream<Uint8Array>>;
  seal(clipId: string, form: FormData): Promise<Clip>;
  unseal(clipId: string, form: FormData): Promise<Clip>;
}

export interface SealingProgress {
  done: number;
  /** Clips that could not be sealed (or unsealed) this run: left as they were, listed again next time. */
  failed: number;
}

const BATCH = 20;
/** The list's most per call. */
const LIST_MAX = 100;

/**
 * One clip in clear sealed on this device: a fresh clip key wrapped by the account's, its text and every file
 * sealed with it (read back from the server, as the owner's device holds nothing else), sent as one form the
 * server swaps in one transaction.
 */
export async function sealClip(clip: Clip, sealingKey: CryptoKey, calls: HistorySealingCalls): Promise<Clip> {
  const { key, wrappedKey } = await newClipKey(sealingKey);
  const seal = clipSealer(key);
  const form = new FormData();
  form.append('wrappedKey', wrappedKey);
  form.append('content', clip.content === '' ? '' : await seal.sealText(clip.content));
  form.append('version', String(clip.version));
  for (const file of clip.files) {
    const bytes = await new Response(await calls.readFile(file.url)).blob();
    const sealed = await seal.sealFile(new File([bytes], file.name, { type: file.type }));
    form.append(file.id, sealed, ENCRYPTED_FILE_NAME);
  }
  return calls.seal(clip.id, form);
}

/** One sealed clip opened on this device and sent back in clear, its files under their own names and types. */
export async function unsealClip(clip: Clip, sealingKey: CryptoKey, calls: HistorySealingCalls): Promise<Clip> {
  if (!clip.wrappedKey) throw new TypeError(`clip ${clip.id} is not sealed by the clipboard`);
  const key = await clipKeyOf(sealingKey, clip.wrappedKey);
  const form = new FormData();
  form.append('content', await openText(clip.content, key));
  form.append('version', String(clip.version));
  for (const file of clip.files) {
    const opened = await openSealedFile(await calls.readFile(file.url), key);
    form.append(file.id, new File([opened.blob], opened.name, { type: opened.type }), opened.name);
  }
  return calls.unseal(clip.id, form);
}

/**
 * Seals (or unseals) every clip the server still lists as to do, a batch at a time, telling the progress after
 * each clip. Resumable by construction: what is done is no longer listed, so a closed tab (or a failure) starts
 * again where it stopped. A clip that fails (changed meanwhile, too long once sealed, a file gone) is skipped
 * this run; the run ends when a batch holds nothing but such clips.
 */
export async function sealHistory(
  direction: 'seal' | 'unseal',
  sealingKey: CryptoKey,
  calls: HistorySealingCalls,
  { onProgress, signal }: { onProgress?: (progress: SealingProgress) => void; signal?: AbortSignal } = {},
): Promise<SealingProgress> {
  const progress: SealingProgress = { done: 0, failed: 0 };
  const skipped = new Set<string>();
  for (;;) {
    signal?.throwIfAborted();
    const batch = (await calls.list(direction === 'unseal', Math.min(LIST_MAX, BATCH + skipped.size))).filter(
      (clip) => !skipped.has(clip.id),
    );
    if (batch.length === 0) return progress;
    for (const clip of batch.slice(0, BATCH)) {
      signal?.throwIfAborted();
      try {
        await (direction === 'seal' ? sealClip : unsealClip)(clip, sealingKey, calls);
        progress.done += 1;
      } catch (error) {
        if (signal?.aborted) throw error;
        skipped.add(clip.id);
        progress.failed += 1;
      }
      onProgress?.({ ...progress });
    }
  }
}
