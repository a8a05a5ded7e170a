import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { DecryptError, decryptFile } from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { safeFileName } from '../downloads';
import { CliError } from '../errors';
import type { CliIo } from '../io';
import { keptClipboard, type SealedClipboard } from './clipboard';

/**
 * A clip as a listing shows it. `plain`: as stored. `sealed`: the account's clipboard sealed it, and it opened
 * here (text and file names in the clear). `locked`: sealed, and this machine has not unlocked. `unopenable`:
 * sealed, and its wrapped key or its bytes did not open (altered, cut, another account's): said, never shown.
 * `link`: end-to-end encrypted with a link's key, which only the link holds.
 */
export type ListedClip =
  | { state: 'plain'; clip: Clip; text: string; fileNames: string[] }
  | SealedListing
  | { state: 'locked' | 'unopenable' | 'link'; clip: Clip };

export interface SealedListing {
  state: 'sealed';
  clip: Clip;
  text: string;
  /** Empty until read (`ClipOpener#withNames`). */
  fileNames: string[];
}

type ListIo = Pick<CliIo, 'env' | 'platform' | 'homedir'>;

/**
 * Opens a listing's clips: the kept key is read once, at the first sealed clip (a plain history never reads it).
 * A sealed clip's file names are inside its files: each file's first record is read, then the download is dropped.
 */
export class ClipOpener {
  #clipboard: Promise<SealedClipboard | null> | null = null;

  constructor(
    private readonly io: ListIo,
    private readonly client: ApiClient,
    clipboard?: SealedClipboard,
  ) {
    if (clipboard) this.#clipboard = Promise.resolve(clipboard);
  }

  /** The text alone (no file names), for a search that looks at names only when the text does not match. */
  async text(clip: Clip): Promise<ListedClip> {
    if (!clip.encrypted) return { state: 'plain', clip, text: clip.content, fileNames: clip.files.map((f) => f.name) };
    if (clip.wrappedKey === undefined) return { state: 'link', clip };
    const clipboard = await this.#unlocked();
    if (!clipboard) return { state: 'locked', clip };
    try {
      return {
        state: 'sealed',
        clip,
        text: await clipboard.openText({ ...clip, wrappedKey: clip.wrappedKey }),
        fileNames: [],
      };
    } catch (error) {
      if (error instanceof DecryptError) return { state: 'unopenable', clip };
      throw error;
    }
  }

  /** The text and the files' real names. */
  async open(clip: Clip): Promise<ListedClip> {
    const listed = await this.text(clip);
    if (listed.state !== 'sealed' || clip.files.length === 0) return listed;
    return this.withNames(listed);
  }

  async withNames(listed: SealedListing): Promise<ListedClip> {
    const clipboard = (await this.#unlocked())!;
    try {
      const key = await clipboard.keyOf(listed.clip.wrappedKey!);
      const fileNames = [];
      for (const file of listed.clip.files) {
        const response = await this.client.download(
          this.client.urlOf(CLIP_ENDPOINTS.download, { params: { fileId: file.id, name: safeFileName(file.name) } }),
        );
        const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
        const { metadata, content } = await decryptFile(body, key);
        // Only the name was wanted: the rest of the download is dropped unread.
        await content.return(undefined);
        fileNames.push(metadata.name);
      }
      return { ...listed, fileNames };
    } catch (error) {
      if (error instanceof DecryptError) return { state: 'unopenable', clip: listed.clip };
      throw error;
    }
  }

  #unlocked(): Promise<SealedClipboard | null> {
    this.#clipboard ??= keptClipboard(this.io, this.client).catch((error: unknown) => {
      if (error instanceof CliError && error.body.code === 'CLIPBOARD_LOCKED') return null;
      throw error;
    });
    return this.#clipboard;
  }
}

/** Whether `query` (trimmed, any case) is in the text or a file name, as the server's search matches. */
export function matches(query: string, listed: ListedClip): boolean {
  if (listed.state !== 'plain' && listed.state !== 'sealed') return false;
  const wanted = query.trim().toLowerCase();
  return [listed.text, ...listed.fileNames].some((text) => text.toLowerCase().includes(wanted));
}
