import { CLIP_ENDPOINTS, type Clip, type SaveClipboardItemRequest } from '@clipsync/shared';
import type { z } from 'zod';
import { ShareKey } from '@clipsync/shared/crypto';
import type { ApiClient, UploadSource } from '../api-client';
import { CliError, usageError } from '../errors';
import { filesToUpload, textToPush } from '../input';
import { writeLine, type CliIo } from '../io';
import { ASK_PASSWORD, passwordOption } from '../secret-input';
import { encryptedClipLink } from './link';
import { sealedRefusal, type SealedClipboard } from './clipboard';
import { sealText, sealedUploads } from './seal';

/** What an encrypted clip is made of, all read before the key is made. */
export interface EncryptedClipInput {
  text: string;
  files: UploadSource[];
  /** Mixed into the key; the server never sees it. */
  password: string | undefined;
}

/**
 * The text (`--text`, else stdin when it is not a terminal), the files (checked as push checks them) and the
 * password of `--e2e`. Stdin can carry the text or the asked password, not both.
 */
export async function encryptedInput(
  io: CliIo,
  options: { text?: string; password?: string },
  paths: string[],
): Promise<EncryptedClipInput> {
  const files = await filesToUpload(io, paths);
  if (options.password === ASK_PASSWORD && options.text === undefined && !io.stdin.isTTY) {
    throw usageError(
      "stdin carries the text, so it cannot carry the password too: give the text with --text (--text '' for none)",
    );
  }
  const text = (await textToPush(io, options.text)) ?? '';
  if (text === '' && files.length === 0) {
    throw usageError('Nothing to encrypt: give --text, pipe text on stdin, or name files');
  }
  const password = await passwordOption(io, options.password, 'Password to mix into the key: ');
  return { text, files, password };
}

/**
 * Makes the end-to-end encrypted clip: a new key, the text and every file sealed with it before they leave
 * this machine, the clip made with `encrypted: true`, the sealed files uploaded. The key exists only in the
 * answer's link: it is not stored, logged or sent. For a sealed account (`clipboard`), the same clip also
 * carries the key wrapped by the account's sealing key, as the server requires of every clip of that account.
 */
export async function createEncryptedClip(
  io: CliIo,
  client: ApiClient,
  input: EncryptedClipInput,
  json: boolean,
  clipboard: SealedClipboard | null = null,
): Promise<{ clip: Clip; key: ShareKey; url: string }> {
  const { key, wrappedKey } = clipboard
    ? await clipboard.newClipKey({ password: input.password })
    : { key: ShareKey.generate({ password: input.password }), wrappedKey: undefined };
  // Both checked before the clip is made: a text or file over the limits fails the push, not half of it.
  const uploads = sealedUploads(input.files, key);
  const content = await sealText(input.text, key);
  const clip = await client
    .call(CLIP_ENDPOINTS.create, {
      body: { content, type: 'text', encrypted: true, ...(wrappedKey ? { wrappedKey } : {}) },
    })
    .catch((error: unknown) => {
      throw sealedRefusal(error);
    });
  const url = encryptedClipLink(client.server, clip.id, key);
  for (const upload of uploads) {
    try {
      await client.upload(CLIP_ENDPOINTS.uploadFile, { params: { id: clip.id } }, upload);
    } catch (error) {
      // The clip exists already, and its key is nowhere else: say where, so what did arrive can be read.
      if (error instanceof CliError && !json) {
        writeLine(io.stderr, `The clip was made, without ${upload.label}: ${url}`);
      }
      throw error;
    }
  }
  return { clip, key, url };
}

/**
 * The new clip's body and uploads: as given for a plain account; for a sealed one (its clipboard unlocked here)
 * the text's envelope and the files sealed with a new clip key, which goes along wrapped by the account's
 * sealing key. Sizes are checked before anything is sent, as the plain push checks them.
 */
export async function newClipBody(
  clipboard: SealedClipboard | null,
  text: string,
  files: UploadSource[],
): Promise<{ body: z.infer<typeof SaveClipboardItemRequest>; uploads: UploadSource[] }> {
  if (!clipboard) return { body: { content: text, type: 'text', encrypted: false }, uploads: files };
  const { key, wrappedKey } = await clipboard.newClipKey();
  const uploads = sealedUploads(files, key);
  // Files alone seal no text: '' is what every client makes of them.
  const content = text === '' ? '' : await sealText(text, key);
  return { body: { content, type: 'text', encrypted: true, wrappedKey }, uploads };
}
