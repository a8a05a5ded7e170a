import { CLIP_ENDPOINTS, MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError, usageError } from '../errors';
import { formatBytes } from '../format';
import { filesToUpload, textToPush } from '../input';
import { writeLine } from '../io';
import { clipLink, readClip, signedInClient } from '../session';

export const pushCommand: Command = {
  summary: 'make a clip of some text and files, and print its link',
  usage: `Usage: clipsync push [-t TEXT] [FILE…]

Makes a new clip and prints its link. The text is --text, else what comes on stdin when it is not a
terminal (echo hi | clipsync push); each FILE is attached (at most ${formatBytes(MAX_UPLOAD_BYTES)} each).

Options:
  -t, --text TEXT  the clip's text
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      { args, options: { ...COMMON_OPTIONS, text: { type: 'string', short: 't' } }, allowPositionals: true },
      {},
    );
    // Checked before anything is sent: a missing or oversized file fails the push, not half of it.
    const files = await filesToUpload(io, positionals);
    const text = (await textToPush(io, values.text)) ?? '';
    if (text === '' && files.length === 0) {
      throw usageError('Nothing to push: give --text, pipe text on stdin, or name files');
    }
    const client = await signedInClient(io);
    let clip = await client.call(CLIP_ENDPOINTS.create, { body: { content: text, type: 'text' } });
    const url = clipLink(client.server, clip.id);
    for (const file of files) {
      try {
        await client.upload(CLIP_ENDPOINTS.uploadFile, { params: { id: clip.id } }, file);
      } catch (error) {
        // The clip exists already: say where, so what did arrive is not lost from sight.
        if (error instanceof CliError && !json) writeLine(io.stderr, `The clip was made, without ${file.name}: ${url}`);
        throw error;
      }
    }
    if (files.length > 0) clip = await readClip(client, clip.id);
    if (json) printJson(io, { url, clip });
    else writeLine(io.stdout, url);
  },
};
