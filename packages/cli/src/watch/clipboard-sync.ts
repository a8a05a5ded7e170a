import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  CLIP_CONTENT_MAX,
  CLIP_ENDPOINTS,
  MAX_UPLOAD_BYTES,
  type Clip,
  type ClipCreatedPayload,
  type ClipFileSummary,
  type ClipUpdatePayload,
} from '@clipsync/shared';
import { DecryptError, decryptFile, type ShareKey } from '@clipsync/shared/crypto';
import type { ApiClient, UploadSource } from '../api-client';
import type { ClipboardBackend } from '../clipboard/backend';
import { contentKey, isPng, PNG_TYPE, type ClipboardContent, type ClipboardReading } from '../clipboard/content';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { formatBytesExactly } from '../format';
import { lockedError, unopenable, type SealedClipboard } from '../sealed/clipboard';
import { sealText, sealedUploads } from '../sealed/seal';
import { EchoGuard } from './echo-guard';
import type { ClipKeys } from './watch-keys';

/** One thing `watch` did, for its activity log. */
export interface SyncActivity {
  event: 'sent' | 'received';
  kind: ClipboardContent['kind'];
  clipId: string;
  /** Characters of a text, bytes of an image. */
  size: number;
}

export interface SyncOptions {
  backend: ClipboardBackend;
  client: ApiClient;
  /** Local copies become clips (not with --receive-only). */
  send: boolean;
  /** New clips land in the clipboard (not with --send-only). */
  receive: boolean;
  activity(activity: SyncActivity): void;
  /** Something the user should read, one line; the watch goes on. */
  problem(message: string): void;
  /** A copy a password manager marked as secret: not sent. Heard once per entry, never with its content. */
  concealed(): void;
  /** Something that ends the watch (the token was refused): `watch` stops with its exit status. */
  fatal(error: CliError): void;
  /**
   * A sealed account's key (docs/cli.md#unlock-and-lock): new clips are sealed with it, and clips that carry a
   * wrapped key are opened with it before they land. Left out, a sealed clip is told as a problem, never written.
   */
  keys?: ClipKeys;
}

/**
 * A clip as an event brought it, opened: a sealed one's `content` is its text in the clear and `key` its clip
 * key (for its files); `unopened` says why a sealed one did not open (locked here, altered, another account's).
 */
type Received<T extends ClipUpdatePayload> = T & { key: ShareKey | null; unopened?: string };

/** The newest clip as the watcher knows it: a saved edit of it lands in the clipboard, other clips' do not. */
interface NewestClip {
  id: string;
  textKey: string | null;
  fileUrls: Set<string>;
}

const textOf = (text: string): ClipboardContent => ({ kind: 'text', text });
const sizeOf = (content: ClipboardContent) => (content.kind === 'text' ? content.text.length : content.png.length);

/**
 * Both directions of `watch` and its loop rules (echo-guard.ts). Local copies are sent one at a time, in
 * the order they were seen; clipboard writes likewise. What the clipboard holds when the watch starts is
 * its baseline, not a copy: only what is copied afterwards is sent.
 */
export class ClipboardSync {
  readonly #guard = new EchoGuard();
  #baselineTaken = false;
  #lastSeenKey: string | null = null;
  #newest: NewestClip | null = null;
  /** Events waiting for a sealed clip ahead of them to open: handled in the order they came. */
  #incoming: Promise<void> = Promise.resolve();
  #opening = 0;
  /** The latest copy that could not be sent for want of a network, sent when the socket is back. */
  #unsent: ClipboardContent | null = null;
  #sends: Promise<void> = Promise.resolve();
  #writes: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(private readonly options: SyncOptions) {}

  /** The newest clip when the watch starts: it is known, not written into the clipboard. */
  async start(): Promise<void> {
    const newest = await this.#fetchNewest();
    if (newest) this.#adoptNewest(await this.#open({ ...newest, clipId: newest.id }));
  }

  get baselineTaken(): boolean {
    return this.#baselineTaken;
  }

  /** What the clipboard holds now (null: nothing text or PNG), as its backend read it. */
  observed(content: ClipboardReading | null): void {
    const key = content ? contentKey(content) : null;
    if (!this.#baselineTaken) {
      this.#baselineTaken = true;
      this.#lastSeenKey = key;
      return;
    }
    // Nothing readable is not a change: a read that failed (an owner slow to answer) must not make the same
    // content, read again next time, pass for a new copy.
    if (!content || !key || key === this.#lastSeenKey) return;
    this.#lastSeenKey = key;
    if (this.#guard.isOwnWrite(key)) return;
    this.#guard.userCopied();
    if (content.kind === 'concealed') {
      // Its key, not its content, is what was last seen: the next ordinary copy differs from it and is sent.
      this.options.concealed();
      return;
    }
    if (!this.options.send || (content.kind === 'text' && content.text === '')) return;
    this.#sends = this.#sends.then(() => this.#send(content, key));
  }

  /** A clip made anywhere (here too): it becomes the newest, and its text lands in the clipboard. */
  created(clip: ClipCreatedPayload): void {
    this.#inOrder(clip, (opened) => this.#created(opened));
  }

  /** A saved clip: only the newest one's new text, or a PNG added to it elsewhere, lands in the clipboard. */
  updated(clip: ClipUpdatePayload): void {
    this.#inOrder(clip, (opened) => this.#updated(opened));
  }

  /**
   * A plain clip is handled at once, as it always was; a sealed one once it opened, and whatever comes after it
   * waits its turn, so a later event never overtakes an earlier one.
   */
  #inOrder<T extends ClipUpdatePayload>(clip: T, handle: (opened: Received<T>) => void): void {
    if (this.#opening === 0 && clip.wrappedKey === undefined) {
      handle({ ...clip, key: null });
      return;
    }
    this.#opening += 1;
    this.#incoming = this.#incoming.then(async () => {
      try {
        const opened = await this.#open(clip);
        if (!this.#stopped) handle(opened);
      } finally {
        this.#opening -= 1;
      }
    });
  }

  /** A sealed clip's text in the clear, with its key; a plain one as it came. Never throws: `unopened` says why. */
  async #open<T extends ClipUpdatePayload>(clip: T): Promise<Received<T>> {
    const wrappedKey = clip.wrappedKey;
    if (wrappedKey === undefined) return { ...clip, key: null };
    try {
      if (!this.options.keys) throw lockedError();
      const clipboard = await this.options.keys.forReading();
      const key = await clipboard.keyOf(wrappedKey);
      const content = await clipboard.openText({ content: clip.content, wrappedKey });
      return { ...clip, content, key };
    } catch (error) {
      const unopened =
        error instanceof DecryptError
          ? unopenable(clip.clipId).message
          : error instanceof Error
            ? error.message
            : String(error);
      return { ...clip, content: '', key: null, unopened };
    }
  }

  #created(clip: Received<ClipCreatedPayload>): void {
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    this.#newest = { id: clip.clipId, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
    if (!this.options.receive || this.#guard.isOwnClip(clip.clipId, textKey)) return;
    if (clip.unopened !== undefined) {
      this.options.problem(`Clip ${clip.clipId} not put in the clipboard: ${clip.unopened}`);
      return;
    }
    if (clip.encrypted && clip.key === null) {
      // Its text is an envelope and its files are sealed; the key is only in the link, which watch never has.
      this.options.problem(`Clip ${clip.clipId} is end-to-end encrypted: not put in the clipboard (open its link)`);
      return;
    }
    if (textKey !== null) this.#write(textOf(clip.content), clip.clipId);
    // Without text: a draft the web's new-clip page fills next, or an image clip whose file follows (its
    // `clip-update` brings it), or, on a catch-up after a loss, one that has it already.
    else this.#receiveImage(clip.clipId, clip.files, clip.key);
  }

  #updated(clip: Received<ClipUpdatePayload>): void {
    const newest = this.#newest;
    if (!newest || newest.id !== clip.clipId) return;
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    const addedFiles = clip.files.filter((file) => !newest.fileUrls.has(file.url));
    this.#newest = { id: clip.clipId, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
    if (!this.options.receive) return;
    if (clip.unopened !== undefined) {
      if (!this.#guard.isOwnClip(clip.clipId, null)) {
        this.options.problem(`Clip ${clip.clipId} not put in the clipboard: ${clip.unopened}`);
      }
      return;
    }
    if (clip.encrypted && clip.key === null) return;
    if (textKey !== null && textKey !== newest.textKey) this.#write(textOf(clip.content), clip.clipId);
    else if (textKey === null && !this.#guard.isOwnClip(clip.clipId, null)) {
      this.#receiveImage(clip.clipId, addedFiles, clip.key);
    }
  }

  /**
   * Back after a loss: a copy that could not be sent is sent now, else a clip made meanwhile (its
   * `clip-created` went to no one) lands as if just announced. Asked once, never polled.
   */
  async reconnected(): Promise<void> {
    const unsent = this.#unsent;
    this.#unsent = null;
    if (unsent && this.options.send && contentKey(unsent) === this.#lastSeenKey) {
      this.#sends = this.#sends.then(() => this.#send(unsent, contentKey(unsent)));
      return;
    }
    const newest = await this.#fetchNewest().catch((error: unknown) => {
      this.#refusal(error);
      return null;
    });
    if (!newest || newest.id === this.#newest?.id) return;
    this.created({
      clipId: newest.id,
      content: newest.content,
      version: newest.version,
      files: newest.files.map(({ name, size, type, url }) => ({ name, size, type, url })),
      createdAt: newest.createdAt,
      ...(newest.encrypted ? { encrypted: true } : {}),
      ...(newest.wrappedKey !== undefined ? { wrappedKey: newest.wrappedKey } : {}),
    });
  }

  /** Waits for what is being sent or written, then does nothing more. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.allSettled([this.#incoming, this.#sends, this.#writes]);
  }

  async #fetchNewest(): Promise<Clip | null> {
    const [newest] = await this.options.client.call(CLIP_ENDPOINTS.history, { query: { limit: 1 } });
    return newest ?? null;
  }

  #adoptNewest(clip: Received<ClipUpdatePayload>): void {
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    this.#newest = { id: clip.clipId, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
  }

  async #send(content: ClipboardContent, key: string): Promise<void> {
    if (this.#stopped) return;
    if (content.kind === 'text' && content.text.length > CLIP_CONTENT_MAX) {
      this.options.problem(
        `Not sent: the copied text has ${content.text.length.toLocaleString('en')} characters, over the server's limit of ${CLIP_CONTENT_MAX.toLocaleString('en')}`,
      );
      return;
    }
    if (content.kind === 'image' && content.png.length > MAX_UPLOAD_BYTES) {
      this.options.problem(
        `Not sent: the copied image is ${formatBytesExactly(content.png.length)}, over the server's limit of ${formatBytesExactly(MAX_UPLOAD_BYTES)}`,
      );
      return;
    }
    this.#guard.sending(key);
    let clipId: string | null = null;
    try {
      const text = content.kind === 'text' ? content.text : '';
      const made = await this.#create(text, this.options.keys?.forSending() ?? null).catch(async (error: unknown) => {
        // Sealed since the watch started: the plain clip was refused (nothing kept), so it goes again, sealed.
        if (!(error instanceof CliError) || error.body.code !== 'CLIPBOARD_SEALED' || !this.options.keys) throw error;
        return this.#create(text, await this.options.keys.sealedNow());
      });
      clipId = made.id;
      this.#guard.ownClip(clipId);
      this.#newest = { id: clipId, textKey: content.kind === 'text' ? key : null, fileUrls: new Set() };
      if (content.kind === 'image') await this.#uploadImage(clipId, content.png, made.key);
      this.options.activity({ event: 'sent', kind: content.kind, clipId, size: sizeOf(content) });
    } catch (error) {
      if (error instanceof CliError && error.exitCode === EXIT.NETWORK) {
        this.#unsent = content;
        this.options.problem(`Not sent yet: ${error.message}. It is sent when the server is back.`);
      } else if (!this.#refusal(error)) {
        this.options.problem(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      this.#guard.sent(key, clipId);
    }
  }

  /** The new clip: plain, or for a sealed account (`clipboard`) its text's envelope and its wrapped key. */
  async #create(text: string, clipboard: SealedClipboard | null): Promise<{ id: string; key: ShareKey | null }> {
    const { client } = this.options;
    if (!clipboard)
      return { id: (await client.call(CLIP_ENDPOINTS.create, { body: { content: text } })).id, key: null };
    const { key, wrappedKey } = await clipboard.newClipKey();
    const content = text === '' ? '' : await sealText(text, key);
    const clip = await client.call(CLIP_ENDPOINTS.create, { body: { content, encrypted: true, wrappedKey } });
    return { id: clip.id, key };
  }

  async #uploadImage(clipId: string, png: Buffer, key: ShareKey | null): Promise<void> {
    const name = `clipboard-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
    // The client streams uploads from a file (it never holds a large one whole): the image goes through one.
    const path = join(tmpdir(), `clipsync-watch-${randomBytes(6).toString('hex')}.png`);
    await writeFile(path, png, { mode: 0o600 });
    try {
      const file: UploadSource = { path, name, type: PNG_TYPE, size: png.length };
      // A sealed clip's image is sealed on its way, its name and type inside (the shares' file format).
      const upload = key ? sealedUploads([file], key)[0]! : file;
      await this.options.client.upload(CLIP_ENDPOINTS.uploadFile, { params: { id: clipId } }, upload);
    } finally {
      await rm(path, { force: true });
    }
  }

  /** `key`: a sealed clip's, whose files name their type only inside (each is opened until a PNG is found). */
  #receiveImage(clipId: string, files: readonly ClipFileSummary[], key: ShareKey | null): void {
    const candidates = files.filter(
      (file) => (key !== null || file.type === PNG_TYPE) && file.size <= MAX_UPLOAD_BYTES,
    );
    if (candidates.length === 0 || !this.options.backend.images) return;
    this.#writes = this.#writes.then(async () => {
      try {
        for (const file of key === null ? candidates.slice(0, 1) : candidates) {
          const response = await this.options.client.download(`${this.options.client.server}${file.url}`);
          const bytes = key === null ? Buffer.from(await response.arrayBuffer()) : await openedPng(response, key);
          if (bytes && isPng(bytes)) {
            await this.#writeNow({ kind: 'image', png: bytes }, clipId);
            return;
          }
        }
      } catch (error) {
        const message = error instanceof DecryptError ? unopenable(clipId).message : messageOf(error);
        if (!this.#refusal(error)) this.options.problem(`Image of clip ${clipId} not received: ${message}`);
      }
    });
  }

  #write(content: ClipboardContent, clipId: string): void {
    this.#writes = this.#writes.then(() => this.#writeNow(content, clipId));
  }

  /**
   * A text one of the user's devices sent here (receive policy `accept`): written in turn with received
   * clips, and like them never sent back as a copy. Resolves once written (or refused, told as a problem).
   */
  putText(text: string): Promise<void> {
    this.#writes = this.#writes.then(() => this.#writeNow(textOf(text), null));
    return this.#writes;
  }

  /** `clipId` null: a device send's text, which its receiver reports itself. */
  async #writeNow(content: ClipboardContent, clipId: string | null): Promise<void> {
    if (this.#stopped) return;
    const key = contentKey(content);
    if (key === this.#lastSeenKey) return; // the clipboard already holds it
    const before = this.#lastSeenKey;
    // Marked before the write: a read that sees it, however soon, knows it for the watcher's own.
    this.#guard.writing(key);
    this.#lastSeenKey = key;
    try {
      await this.options.backend.write(content);
      if (clipId !== null)
        this.options.activity({ event: 'received', kind: content.kind, clipId, size: sizeOf(content) });
    } catch (error) {
      // The clipboard still holds what it held: its next read must not pass for a new copy.
      this.#lastSeenKey = before;
      const what = clipId === null ? 'The text sent' : `Clip ${clipId}`;
      this.options.problem(`${what} not put in the clipboard: ${messageOf(error)}`);
    }
  }

  /** A refused token ends the watch (exit 3); answers whether the error was that. */
  #refusal(error: unknown): boolean {
    if (!(error instanceof CliError) || error.exitCode !== EXIT.NOT_SIGNED_IN) return false;
    this.options.fatal(error);
    return true;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A sealed file's bytes once all of it authenticated, when it says it is a PNG; null for another type. */
async function openedPng(response: Response, key: ShareKey): Promise<Buffer | null> {
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
  const { metadata, content } = await decryptFile(body, key);
  if (metadata.type !== PNG_TYPE) {
    await content.return(undefined);
    return null;
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}
