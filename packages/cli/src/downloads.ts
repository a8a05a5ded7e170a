import { mkdir, open, rm } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CliIo } from './io';

/** Names Windows refuses whatever the extension (`con.txt` too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/** Characters no file name should hold: control characters, and those Windows refuses. */
const isUnsafeCharacter = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || '<>:"|?*'.includes(character);
};
/** Tries at a free name (`photo (1).jpg`, `photo (2).jpg`…) before giving up. */
const FREE_NAME_TRIES = 1000;

/**
 * A stored file's name made safe to create inside a folder: its last path segment only, without control
 * characters or characters a file system refuses, never `.`, `..` or empty. A name from the server is
 * someone's input: `../../.bashrc` must land in the folder as `.bashrc`, not beside it.
 */
export function safeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...lastSegment]
    .map((character) => (isUnsafeCharacter(character) ? '_' : character))
    .join('')
    .replace(/[. ]+$/, '')
    .trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return 'file';
  return WINDOWS_RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** `photo.jpg`, then `photo (1).jpg`, `photo (2).jpg`… */
function candidateName(name: string, attempt: number): string {
  if (attempt === 0) return name;
  const extension = extname(name);
  const stem = extension && extension !== name ? name.slice(0, -extension.length) : name;
  return `${stem} (${attempt})${extension === name ? '' : extension}`;
}

/**
 * Streams a download into `directory` under the file's safe name, or the first free name beside it: an
 * existing file is never replaced (the file is created exclusively, so not even a race overwrites one).
 * A failed transfer leaves no partial file. Answers the path written.
 */
export async function saveDownload(io: CliIo, directory: string, name: string, response: Response): Promise<string> {
  const folder = resolve(io.cwd, directory);
  await mkdir(folder, { recursive: true });
  const safe = safeFileName(name);
  for (let attempt = 0; attempt < FREE_NAME_TRIES; attempt++) {
    const path = join(folder, candidateName(safe, attempt));
    // Belt and braces: whatever the name became, the path stays inside the folder.
    const inside = relative(folder, path);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`Refused file name: ${name}`);
    let handle;
    try {
      handle = await open(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
    try {
      await pipeline(body, handle.createWriteStream());
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
    if (attempt > 0) io.stderr.write(`${safe} exists in ${directory}: saved as ${candidateName(safe, attempt)}\n`);
    return path;
  }
  throw new Error(`No free name for ${safe} in ${directory}`);
}
