import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isUnsafeCharacter } from '@clipsync/shared';
import type { CliIo } from './io';

/** Names Windows refuses whatever the extension (`con.txt` too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/**
 * Characters no file name should hold: those a listing shows as � (control characters, and the bidirectional
 * characters, such as the overrides that make `invoice\u202Efdp.sh` read as "invoicehs.pdf"), and those Windows refuses.
 */
const isUnsafeInAFileName = (character: string) => isUnsafeCharacter(character) || '<>:"|?*'.includes(character);
/**
 * A download is the user's alone until they share it: a clip's file may be private (its link is), and a
 * umask of 022 would otherwise leave it readable by every account on the machine.
 */
const DOWNLOAD_MODE = 0o600;
/** What saving needs of the io: where relative folders start, and where a renamed download is told. */
type DownloadIo = Pick<CliIo, 'cwd' | 'stderr'>;
/** Tries at a free name (`photo (1).jpg`, `photo (2).jpg`…) before giving up. */
const FREE_NAME_TRIES = 1000;

/**
 * A stored file's name made safe to create inside a folder: its last path segment only, without control or
 * bidirectional characters or characters a file system refuses, never `.`, `..` or empty. A name from the server is
 * someone's input: `../../.bashrc` must land in the folder as `.bashrc`, not beside it.
 */
export function safeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...lastSegment]
    .map((character) => (isUnsafeInAFileName(character) ? '_' : character))
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

/** A file just created, empty and exclusively, at the first free form of a name in a folder. */
interface FreeFile {
  path: string;
  handle: FileHandle;
  /** The name it took, when not the one asked (`photo (1).jpg`). */
  renamed: string | null;
}

/**
 * Creates `name`'s safe form in `directory`, or the first free name beside it: an existing file is never
 * replaced (the file is created exclusively, so not even a race overwrites one) nor followed when it is a
 * symbolic link, and keeps its own content and mode.
 */
async function createFreeFile(folder: string, name: string): Promise<FreeFile> {
  const safe = safeFileName(name);
  for (let attempt = 0; attempt < FREE_NAME_TRIES; attempt++) {
    const path = join(folder, candidateName(safe, attempt));
    // Belt and braces: whatever the name became, the path stays inside the folder.
    const inside = relative(folder, path);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`Refused file name: ${name}`);
    try {
      const handle = await open(path, 'wx', DOWNLOAD_MODE);
      return { path, handle, renamed: attempt > 0 ? candidateName(safe, attempt) : null };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`No free name for ${safe}`);
}

function sayRenamed(io: DownloadIo, directory: string, name: string, file: FreeFile): void {
  if (file.renamed) io.stderr.write(`${safeFileName(name)} exists in ${directory}: saved as ${file.renamed}\n`);
}

/**
 * Streams a download into `directory` under the file's safe name, or the first free name beside it.
 * A failed transfer leaves no partial file. Answers the path written.
 */
export async function saveDownload(
  io: DownloadIo,
  directory: string,
  name: string,
  response: Response,
): Promise<string> {
  const folder = resolve(io.cwd, directory);
  await mkdir(folder, { recursive: true });
  const file = await createFreeFile(folder, name);
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
  try {
    await pipeline(body, file.handle.createWriteStream());
  } catch (error) {
    await file.handle.close().catch(() => undefined);
    await rm(file.path, { force: true });
    throw error;
  }
  sayRenamed(io, directory, name, file);
  return file.path;
}

/**
 * Saves a file whose name is known only once its content is written, and which counts only once all of it
 * checked out (a decrypted file: a cut or altered one must leave nothing behind). `write` fills a temporary
 * file in `directory` and answers the name; only then is the file moved to that name's first free form.
 */
export async function saveOnceWhole(
  io: DownloadIo,
  directory: string,
  write: (output: NodeJS.WritableStream) => Promise<string>,
): Promise<{ name: string; path: string }> {
  const folder = resolve(io.cwd, directory);
  await mkdir(folder, { recursive: true });
  // Hidden and unguessable; in the folder itself so the rename never crosses disks.
  const temporary = join(folder, `.clipsync-${randomBytes(8).toString('hex')}.part`);
  const handle = await open(temporary, 'wx', DOWNLOAD_MODE);
  let name: string;
  let file: FreeFile;
  try {
    name = await write(handle.createWriteStream());
    // The free name is held by an empty file made exclusively, then the whole file takes its place at once.
    file = await createFreeFile(folder, name);
    await file.handle.close();
    await rename(temporary, file.path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  sayRenamed(io, directory, name, file);
  return { name, path: file.path };
}
