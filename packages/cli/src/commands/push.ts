import { CLIP_ENDPOINTS, MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { accountClipboard, sealedRefusal } from '../sealed/clipboard';
import { createEncryptedClip, encryptedInput, newClipBody } from '../sealed/create';
import { CliError, usageError } from '../errors';
import { formatBytes } from '../format';
import { filesToUpload, textToPush } from '../input';
import { writeLine, type CliIo } from '../io';
import { withPasswordAsked } from '../secret-input';
import { clipLink, readClip, signedInClient } from '../session';

export const pushCommand: Command = {
  summary: 'make a clip of some text and files, and print its link',
  usage: `Usage: clipsync push [-t TEXT] [--e2e [--password]] [FILE…]

Makes a new clip and prints its link. The text is --text, else what comes on stdin when it is not a
terminal (echo hi | clipsync push); each FILE is attached (at most ${formatBytes(MAX_UPLOAD_BYTES)} each).
When your clipboard is encrypted end to end, the text and files are sealed here with the key clipsync
unlock kept (without it: "run clipsync unlock first"), and the server stores only ciphertext.

Options:
  -t, --text TEXT  the clip's text
  --e2e            end-to-end encrypted: the text and every file (its name and type too) are encrypted
                   here with a new random key, and the server stores only ciphertext. The key is in the
                   printed link's fragment (…/clips/ID#k=…), printed once and kept nowhere else: whoever
                   has the link reads the clip (in a browser, or clipsync pull LINK), nobody without it.
  --password       with --e2e, a password mixed into the key: the link alone no longer opens the clip.
                   Asked without echo at a terminal, else the first line of stdin (then give the text
                   with --text). --password=VALUE works too, but shows in ps and shell history.
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      {
        args: withPasswordAsked(args),
        options: {
          ...COMMON_OPTIONS,
          text: { type: 'string', short: 't' },
          e2e: { type: 'boolean' },
          password: { type: 'string' },
        },
        allowPositionals: true,
      },
      {},
    );
    if (values.e2e) {
      const input = await encryptedInput(io, values, positionals);
      const client = await signedInClient(io);
      const { clip, url } = await createEncryptedClip(io, client, input, json, await accountClipboard(io, client));
      if (json) printJson(io, { id: clip.id, url, encrypted: true });
      else writeLine(io.stdout, url);
      return;
    }
    if (values.password !== undefined) {
      throw usageError(
        '--password goes with --e2e here; a password the server checks is set by clipsync share ID --password',
      );
    }
    await pushPlain(io, json, values.text, positionals);
  },
};

async function pushPlain(io: CliIo, json: boolean, textOption: string | undefined, paths: string[]): Promise<void> {
  // Checked before anything is sent: a missing or oversized file fails the push, not half of it.
  const files = await filesToUpload(io, paths);
  const text = (await textToPush(io, textOption)) ?? '';
  if (text === '' && files.length === 0) {
    throw usageError('Nothing to push: give --text, pipe text on stdin, or name files');
  }
  const client = await signedInClient(io);
  const { body, uploads } = await newClipBody(await accountClipboard(io, client), text, files);
  let clip = await client.call(CLIP_ENDPOINTS.create, { body }).catch((error: unknown) => {
    throw sealedRefusal(error);
  });
  const url = clipLink(client.server, clip.id);
  for (const file of uploads) {
    try {
      await client.upload(CLIP_ENDPOINTS.uploadFile, { params: { id: clip.id } }, file);
    } catch (error) {
      throw await withoutHalfAClip(io, json, client, { id: clip.id, url }, file.label ?? file.name, error);
    }
  }
  if (files.length > 0) clip = await readClip(client, clip.id);
  // A sealed clip's --json shows what was pushed, as pull shows it, not the envelope the server keeps.
  if (json) printJson(io, { url, clip: body.encrypted ? { ...clip, content: text } : clip });
  else writeLine(io.stdout, url);
}

/**
 * A push is whole or nothing: when a file is refused (over the storage quota, say), the clip made for it is
 * deleted again, and the server's words (which name the file, its size and the room left) say why nothing was
 * pushed. Only if that delete fails too does the clip stay, and its link is printed so it is not lost from sight.
 */
async function withoutHalfAClip(
  io: CliIo,
  json: boolean,
  client: Awaited<ReturnType<typeof signedInClient>>,
  clip: { id: string; url: string },
  fileName: string,
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof CliError)) return error;
  try {
    await client.call(CLIP_ENDPOINTS.remove, { params: { id: clip.id } });
  } catch {
    if (!json) writeLine(io.stderr, `The clip was made, without ${fileName}: ${clip.url}`);
    return error;
  }
  return new CliError(`${error.message}\nNothing was pushed.`, error.exitCode, error.body);
}
