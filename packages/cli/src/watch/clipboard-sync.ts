import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLIP_CONTENT_MAX,
  CLIP_ENDPOINTS,
  MAX_UPLOAD_BYTES,
  type Clip,
  type ClipCreatedPayload,
  type ClipFileSummary,
  type ClipUpdatePayload,
} from '@clipsync/shared';
import type { ApiClient } from '../api-client';
import type { ClipboardBackend } from '../clipboard/backend';
import { contentKey, isPng, PNG_TYPE, type ClipboardContent, type ClipboardReading } from '../clipboard/content';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { formatBytesExactly } from '../format';
import { EchoGuard } from './echo-guard';

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
}

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
  /** The latest copy that could not be sent for want of a network, sent when the socket is back. */
  #unsent: ClipboardContent | null = null;
  #sends: Promise<void> = Promise.resolve();
  #writes: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(private readonly options: SyncOptions) {}

  /** The newest clip when the watch starts: it is known, not written into the clipboard. */
  async start(): Promise<void> {
    this.#adoptNewest(await this.#fetchNewest());
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
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    this.#newest = { id: clip.clipId, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
    if (!this.options.receive || this.#guard.isOwnClip(clip.clipId, textKey)) return;
    if (clip.encrypted) {
      // Its text is an envelope and its files are sealed; the key is only in the link, which watch never has.
      this.options.problem(`Clip ${clip.clipId} is end-to-end encrypted: not put in the clipboard (open its link)`);
      return;
    }
    if (textKey !== null) this.#write(textOf(clip.content), clip.clipId);
    // Without text: a draft the web's new-clip page fills next, or an image clip whose file follows (its
    // `clip-update` brings it), or, on a catch-up after a loss, one that has it already.
    else this.#receiveImage(clip.clipId, clip.files);
  }

  /** A saved clip: only the newest one's new text, or a PNG added to it elsewhere, lands in the clipboard. */
  updated(clip: ClipUpdatePayload): void {
    const newest = this.#newest;
    if (!newest || newest.id !== clip.clipId) return;
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    const addedFiles = clip.files.filter((file) => !newest.fileUrls.has(file.url));
    this.#newest = { id: clip.clipId, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
    if (!this.options.receive || clip.encrypted) return;
    if (textKey !== null && textKey !== newest.textKey) this.#write(textOf(clip.content), clip.clipId);
    else if (textKey === null && !this.#guard.isOwnClip(clip.clipId, null)) this.#receiveImage(clip.clipId, addedFiles);
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
    });
  }

  /** Waits for what is being sent or written, then does nothing more. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.allSettled([this.#sends, this.#writes]);
  }

  async #fetchNewest(): Promise<Clip | null> {
    const [newest] = await this.options.client.call(CLIP_ENDPOINTS.history, { query: { limit: 1 } });
    return newest ?? null;
  }

  #adoptNewest(clip: Clip | null): void {
    if (!clip) return;
    const textKey = clip.content === '' ? null : contentKey(textOf(clip.content));
    this.#newest = { id: clip.id, textKey, fileUrls: new Set(clip.files.map((file) => file.url)) };
  }

  async #send(content: ClipboardContent, key: string): Promise<void> {
    if (this.#stopped) return;
    const { client } = this.options;
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
      clipId = (await client.call(CLIP_ENDPOINTS.create, { body: { content: text } })).id;
      this.#guard.ownClip(clipId);
      this.#newest = { id: clipId, textKey: content.kind === 'text' ? key : null, fileUrls: new Set() };
      if (content.kind === 'image') await this.#uploadImage(clipId, content.png);
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

  async #uploadImage(clipId: string, png: Buffer): Promise<void> {
    const name = `clipboard-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
    // The client streams uploads from a file (it never holds a large one whole): the image goes through one.
    const path = join(tmpdir(), `clipsync-watch-${randomBytes(6).toString('hex')}.png`);
    await writeFile(path, png, { mode: 0o600 });
    try {
      await this.options.client.upload(
        CLIP_ENDPOINTS.uploadFile,
        { params: { id: clipId } },
        { path, name, type: PNG_TYPE, size: png.length },
      );
    } finally {
      await rm(path, { force: true });
    }
  }

  #receiveImage(clipId: string, files: readonly ClipFileSummary[]): void {
    const png = files.find((file) => file.type === PNG_TYPE && file.size <= MAX_UPLOAD_BYTES);
    if (!png || !this.options.backend.images) return;
    this.#writes = this.#writes.then(async () => {
      try {
        const response = await this.options.client.download(`${this.options.client.server}${png.url}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (isPng(bytes)) await this.#writeNow({ kind: 'image', png: bytes }, clipId);
      } catch (error) {
        if (!this.#refusal(error)) this.options.problem(`Image of clip ${clipId} not received: ${messageOf(error)}`);
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
