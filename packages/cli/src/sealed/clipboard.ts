import { readFile } from 'node:fs/promises';
import { CLIPBOARD_KEY_ENDPOINTS } from '@clipsync/shared';
import {
  AccountKey,
  DecryptError,
  KEY_BYTES,
  ShareKey,
  decodeBase64Url,
  decryptText,
  unwrapClipKey,
  wrapClipKey,
  type SealingKey,
  type ShareKeyOptions,
} from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { StoredClipboardKey, clipboardKeyPath } from '../clipboard-key';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';

/** Said whenever a sealed account's clip is to be made or read on a machine that has not unlocked. */
export const LOCKED_MESSAGE = "This account's clipboard is encrypted end to end: run `clipsync unlock` first.";

/**
 * Exit 1 (GENERAL_FAILURE: the command could not do its work with what this machine holds), code
 * CLIPBOARD_LOCKED under --json, so a script tells it from a refusal.
 */
export const lockedError = (): CliError =>
  new CliError(LOCKED_MESSAGE, EXIT.GENERAL_FAILURE, { error: LOCKED_MESSAGE, code: 'CLIPBOARD_LOCKED' });

/** The one message for a sealed clip that does not open: which failure it was is AES-GCM's to know, not ours. */
export function unopenable(clipId: string): CliError {
  const message = `Clip ${clipId} does not open with this account's key: it was altered or cut, or another account sealed it. Nothing of it was written.`;
  return new CliError(message, EXIT.GENERAL_FAILURE, { error: message, code: 'DECRYPT_FAILED' });
}

/** Whatever holds a sealed clip's text: a clip, a `clip-created`/`clip-update` payload. */
interface SealedText {
  content: string;
  wrappedKey: string;
}

/**
 * The unlocked clipboard of a sealed account: its sealing key in memory (never written: the kept account key is,
 * 0600), which makes each new clip's key and wraps it, and opens the wrapped keys of the account's clips. Each
 * wrapped key is opened once (a watch meets the same clip in several events).
 */
export class SealedClipboard {
  readonly #opened = new Map<string, Promise<ShareKey>>();

  private constructor(
    private readonly sealingKey: SealingKey,
    readonly keyId: string,
  ) {}

  static async of(stored: StoredClipboardKey): Promise<SealedClipboard> {
    const bytes = decodeBase64Url(stored.key);
    if (!bytes || bytes.length !== KEY_BYTES) throw lockedError();
    return new SealedClipboard(await new AccountKey(bytes).sealingKey(), stored.keyId);
  }

  /**
   * A new clip's key (a ShareKey: its link is the usual `#k=`) and its wrapped copy, for the server. A password
   * (push --e2e --password) is mixed in as for any link: the owner's devices then need it too.
   */
  async newClipKey(options: ShareKeyOptions = {}): Promise<{ key: ShareKey; wrappedKey: string }> {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(KEY_BYTES));
    const wrappedKey = await wrapClipKey(this.sealingKey, bytes);
    return { key: new ShareKey(bytes, options), wrappedKey };
  }

  /** The clip key a wrapped key holds. DecryptError when it is another account's, altered or cut. */
  keyOf(wrappedKey: string): Promise<ShareKey> {
    let key = this.#opened.get(wrappedKey);
    if (!key) {
      key = unwrapClipKey(this.sealingKey, wrappedKey).then((bytes) => new ShareKey(bytes));
      // A failure is not kept: it is reported for that clip, and the map holds keys only.
      key.catch(() => this.#opened.delete(wrappedKey));
      this.#opened.set(wrappedKey, key);
    }
    return key;
  }

  /** A sealed text in the clear; '' stays '' (a clip of files alone). DecryptError when it does not open. */
  async openText(sealed: SealedText): Promise<string> {
    const key = await this.keyOf(sealed.wrappedKey);
    return sealed.content === '' ? '' : decryptText(sealed.content, key);
  }

  /** As openText, any DecryptError being `unopenable(clipId)`. */
  async openClipText(clipId: string, sealed: SealedText): Promise<string> {
    try {
      return await this.openText(sealed);
    } catch (error) {
      throw error instanceof DecryptError ? unopenable(clipId) : error;
    }
  }
}

type KeyIo = Pick<CliIo, 'env' | 'platform' | 'homedir'>;

/** The key `clipsync unlock` kept, when it was kept for this server; null when none (or unreadable). */
export async function readKeptClipboardKey(io: KeyIo, server: string): Promise<StoredClipboardKey | null> {
  let text: string;
  try {
    text = await readFile(clipboardKeyPath(io), 'utf8');
  } catch {
    return null;
  }
  let parsed;
  try {
    parsed = StoredClipboardKey.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
  return parsed.success && parsed.data.server === server ? parsed.data : null;
}

/**
 * The kept key as a SealedClipboard, for reading a clip that carries a wrapped key; without one, the locked
 * message. A key of another account is caught where it matters: the clip's wrapped key does not open.
 */
export async function keptClipboard(io: KeyIo, client: ApiClient): Promise<SealedClipboard> {
  const stored = await readKeptClipboardKey(io, client.server);
  if (!stored) throw lockedError();
  return SealedClipboard.of(stored);
}

/** A token without `clips:read`: it may not read the status. */
const SCOPE_REFUSALS = new Set(['INSUFFICIENT_SCOPE', 'TOKEN_NOT_ALLOWED']);

/**
 * What this command's new clips must be, asked once: null for a plain account, the unlocked clipboard for a
 * sealed one, the locked message when it is sealed and this machine has not unlocked (or unlocked an earlier key
 * of it: the status names the account's key). A token that may not read the status (`clips:write` alone) goes
 * by the kept key: sealed when one is kept for this server, else plain, and a sealed account's server then
 * refuses the plain clip (409 CLIPBOARD_SEALED, which `sealedRefusal` turns into the locked message).
 */
export async function accountClipboard(io: KeyIo, client: ApiClient): Promise<SealedClipboard | null> {
  let status;
  try {
    status = await client.call(CLIPBOARD_KEY_ENDPOINTS.status);
  } catch (error) {
    if (!(error instanceof CliError) || !SCOPE_REFUSALS.has(error.body.code)) throw error;
    const stored = await readKeptClipboardKey(io, client.server);
    return stored ? SealedClipboard.of(stored) : null;
  }
  if (!status.enabled) return null;
  const stored = await readKeptClipboardKey(io, client.server);
  if (!stored || stored.keyId !== status.keyId) throw lockedError();
  return SealedClipboard.of(stored);
}

/** A 409 CLIPBOARD_SEALED (the account was sealed since this command asked) as the locked message. */
export function sealedRefusal(error: unknown): unknown {
  return error instanceof CliError && error.body.code === 'CLIPBOARD_SEALED' ? lockedError() : error;
}
