import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import type { UploadSource } from './api-client';
import { CliError, usageError } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { formatBytesExactly } from './format';

/**
 * The text a push sends: `--text` when given, else stdin when it is not a terminal (a pipe or a file),
 * else none. Bytes are decoded as UTF-8 strictly: text the server would store changed is refused, not mangled.
 */
export async function textToPush(io: CliIo, text: string | undefined): Promise<string | null> {
  if (text !== undefined) return text;
  if (io.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new CliError('stdin is not UTF-8 text: push it as a file instead (clipsync push FILE)', EXIT.USAGE);
  }
}

/** Common types by extension, so a downloaded or previewed file keeps its kind; anything else is bytes. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/**
 * The files to upload, each checked before anything is sent: it exists, is a regular file, and keeps to
 * the server's 10 MB rule (exit 5 at once rather than after a clip was made and half a file sent).
 */
export async function filesToUpload(io: CliIo, paths: string[]): Promise<UploadSource[]> {
  const files: UploadSource[] = [];
  for (const given of paths) {
    const path = resolve(io.cwd, given);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw usageError(error.code === 'ENOENT' ? `No such file: ${given}` : `Cannot read ${given}: ${error.message}`);
    });
    if (!info.isFile()) throw usageError(`Not a file: ${given}`);
    if (info.size > MAX_UPLOAD_BYTES) {
      throw new CliError(
        `${given} is ${formatBytesExactly(info.size)}: files may be at most ${formatBytesExactly(MAX_UPLOAD_BYTES)}`,
        EXIT.TOO_LARGE,
      );
    }
    const name = basename(path);
    files.push({ path, name, type: MEDIA_TYPES[extname(name).toLowerCase()], size: info.size });
  }
  return files;
}
