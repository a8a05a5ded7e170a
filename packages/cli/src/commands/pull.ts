import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { DecryptError } from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { safeFileName, saveDownload } from '../downloads';
import { UNDECRYPTABLE } from '../sealed/errors';
import { printableLines } from '../format';
import { clipReference } from '../sealed/link';
import { keptClipboard, unopenable } from '../sealed/clipboard';
import { openEncryptedClip } from '../sealed/open';
import { writeLine, type CliIo } from '../io';
import { withPasswordAsked } from '../secret-input';
import { readClip, signedInClient } from '../session';

/** Said on stderr when the terminal was given the text with characters replaced. */
export const REPLACED_NOTE =
  'Characters a terminal would act on are shown as \uFFFD: clipsync pull --raw, or a pipe or a file, gives the text as stored.';

export const pullCommand: Command = {
  summary: "write the latest clip's text (or clip ID's) to stdout, and optionally its files",
  usage: `Usage: clipsync pull [ID | LINK] [--files DIR] [--key KEY] [--password] [--raw]

Writes the text of your latest clip, or of clip ID, to stdout exactly as stored: byte for byte, no
newline added (clipsync pull > note.txt, or | another command, keeps it as it was).

At a terminal, what the terminal would act on is shown as \uFFFD instead, as clipsync ls does: control
characters (escapes that rewrite the screen, retitle the window or fill the clipboard) and the
bidirectional overrides that reorder a line. Line breaks and tabs stay. --raw writes it as stored.

An end-to-end encrypted clip is decrypted here, with the key of its link: pull the link itself, quoted
('https://…/clips/ID#k=…'), or the ID with --key. A missing or wrong key or password fails with
"${UNDECRYPTABLE}" (exit 1); the encrypted text is never printed instead.
When your clipboard is encrypted end to end, your clips open with the key clipsync unlock kept.

Options:
  -f, --files DIR  also download the clip's files into DIR (made if missing), readable by you alone
                   (0600); an existing file is never replaced: the download takes a free name beside
                   it. Control and bidirectional characters in a name become _. An encrypted clip's
                   files are decrypted to their real names, and appear only once they decrypted whole.
  --key KEY        the key of an encrypted clip: its link's fragment (k=…), when pulling by ID
  --password       the password mixed into an encrypted clip's key: asked without echo at a terminal
                   (also without this flag, when the clip needs one), or the first line of stdin.
                   --password=VALUE works too, but shows in ps and shell history.
  --raw            at a terminal too, write the text byte for byte, escapes and all
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      {
        args: withPasswordAsked(args),
        options: {
          ...COMMON_OPTIONS,
          files: { type: 'string', short: 'f' },
          key: { type: 'string' },
          password: { type: 'string' },
          raw: { type: 'boolean' },
        },
        allowPositionals: true,
      },
      { max: 1 },
    );
    if (positionals[0] === undefined && values.key !== undefined) throw usageError('--key goes with a clip ID');
    const target = positionals[0] === undefined ? undefined : clipReference(positionals[0], values.key);
    const client = await signedInClient(io);
    const clip = await clipToPull(client, target?.id);
    if (clip.encrypted) {
      // A sealed clip's key is its wrapped key opened here; a link's own key, when given, is that same key.
      const fragment =
        target?.fragment ?? (clip.wrappedKey === undefined ? null : await sealedFragment(io, client, clip));
      const options = { fragment, password: values.password, filesDirectory: values.files };
      const { text, saved } = await openEncryptedClip(io, client, clip, options).catch((error: unknown) => {
        throw clip.wrappedKey === undefined || target?.fragment ? error : sealedFailure(clip.id, error);
      });
      if (!json) for (const file of saved) writeLine(io.stderr, `Saved ${file.path}`);
      const pulled = { id: clip.id, content: text, files: clip.files, saved, encrypted: true as const };
      printText(io, { json, raw: values.raw === true, filesDirectory: values.files }, pulled);
      return;
    }
    const saved = values.files === undefined ? [] : await saveFiles(io, client, clip, values.files, json);
    const pulled = { id: clip.id, content: clip.content, files: clip.files, saved };
    printText(io, { json, raw: values.raw === true, filesDirectory: values.files }, pulled);
  },
};

/**
 * The text on stdout byte for byte (or the `--json` line), and a reminder of files left on the server. A clip's
 * text is anyone's (a page shared from a phone, a device's send): a terminal gets it without what would act on
 * it, unless `--raw` asks; a pipe or a file always gets it as stored.
 */
function printText(
  io: CliIo,
  how: { json: boolean; raw: boolean; filesDirectory: string | undefined },
  pulled: { id: string; content: string; files: Clip['files']; saved: unknown[]; encrypted?: true },
): void {
  if (how.json) {
    printJson(io, pulled);
    return;
  }
  const shown = io.stdout.isTTY && !how.raw ? printableLines(pulled.content) : pulled.content;
  io.stdout.write(Buffer.from(shown, 'utf8'));
  if (shown !== pulled.content) {
    // On the same terminal, the note starts a line of its own after text that ends mid-line.
    const onItsOwnLine = io.stderr.isTTY && !shown.endsWith('\n') ? '\n' : '';
    writeLine(io.stderr, `${onItsOwnLine}${REPLACED_NOTE}`);
  }
  if (how.filesDirectory === undefined && pulled.files.length > 0) {
    // An encrypted clip's link holds its key, which is not printed again: the hint names the flag only.
    const hint = pulled.encrypted ? 'add --files DIR to decrypt them' : `clipsync pull ${pulled.id} --files DIR`;
    writeLine(io.stderr, `This clip has ${pulled.files.length} file(s): ${hint}`);
  }
}

async function saveFiles(io: CliIo, client: ApiClient, clip: Clip, directory: string, json: boolean) {
  const saved: Array<{ name: string; path: string }> = [];
  for (const file of clip.files) {
    // The server finds the file by its id; the name segment is for readers only, and one of dots alone
    // (a stored `..`) would be resolved away as a URL's dot segment.
    const response = await client.download(
      client.urlOf(CLIP_ENDPOINTS.download, { params: { fileId: file.id, name: safeFileName(file.name) } }),
    );
    const path = await saveDownload(io, directory, file.name, response);
    saved.push({ name: file.name, path });
    if (!json) writeLine(io.stderr, `Saved ${path}`);
  }
  return saved;
}

/** The key of a clip the account's clipboard sealed, from the key `clipsync unlock` kept (else the locked message). */
async function sealedFragment(io: CliIo, client: ApiClient, clip: Clip): Promise<string> {
  const clipboard = await keptClipboard(io, client);
  try {
    return (await clipboard.keyOf(clip.wrappedKey!)).fragment;
  } catch (error) {
    throw error instanceof DecryptError ? unopenable(clip.id) : error;
  }
}

/**
 * A sealed clip that did not decrypt with its own key: altered, cut or another account's, said of that clip (the
 * link's words would not fit). A missing password (a sealed clip pushed with --e2e --password) keeps its words.
 */
function sealedFailure(clipId: string, error: unknown): unknown {
  if (!(error instanceof CliError) || error.body.code !== 'DECRYPT_FAILED') return error;
  return error.message.includes('--password') ? error : unopenable(clipId);
}

async function clipToPull(client: ApiClient, id: string | undefined): Promise<Clip> {
  if (id !== undefined) return readClip(client, id);
  const [latest] = await client.call(CLIP_ENDPOINTS.history, { query: { limit: 1 } });
  if (!latest) throw new CliError('No clips yet: clipsync push makes one', EXIT.GENERAL_FAILURE);
  return latest;
}
