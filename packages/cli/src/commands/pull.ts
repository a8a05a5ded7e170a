import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import type { ApiClient } from '../api-client';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { safeFileName, saveDownload } from '../downloads';
import { writeLine } from '../io';
import { clipIdArgument, readClip, signedInClient } from '../session';

export const pullCommand: Command = {
  summary: "write the latest clip's text (or clip ID's) to stdout, and optionally its files",
  usage: `Usage: clipsync pull [ID] [--files DIR]

Writes the text of your latest clip, or of clip ID, to stdout exactly as stored: byte for byte, no
newline added (clipsync pull > note.txt keeps it as it was).

Options:
  -f, --files DIR  also download the clip's files into DIR (made if missing); an existing file is
                   never replaced: the download takes a free name beside it
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      { args, options: { ...COMMON_OPTIONS, files: { type: 'string', short: 'f' } }, allowPositionals: true },
      { max: 1 },
    );
    const id = positionals[0] === undefined ? undefined : clipIdArgument(positionals[0]);
    const client = await signedInClient(io);
    const clip = await clipToPull(client, id);
    const saved: Array<{ name: string; path: string }> = [];
    if (values.files !== undefined) {
      for (const file of clip.files) {
        // The server finds the file by its id; the name segment is for readers only, and one of dots alone
        // (a stored `..`) would be resolved away as a URL's dot segment.
        const response = await client.download(
          client.urlOf(CLIP_ENDPOINTS.download, { params: { fileId: file.id, name: safeFileName(file.name) } }),
        );
        const path = await saveDownload(io, values.files, file.name, response);
        saved.push({ name: file.name, path });
        if (!json) writeLine(io.stderr, `Saved ${path}`);
      }
    }
    if (json) {
      printJson(io, { id: clip.id, content: clip.content, files: clip.files, saved });
      return;
    }
    io.stdout.write(Buffer.from(clip.content, 'utf8'));
    if (values.files === undefined && clip.files.length > 0) {
      writeLine(io.stderr, `This clip has ${clip.files.length} file(s): clipsync pull ${clip.id} --files DIR`);
    }
  },
};

async function clipToPull(client: ApiClient, id: string | undefined): Promise<Clip> {
  if (id !== undefined) return readClip(client, id);
  const [latest] = await client.call(CLIP_ENDPOINTS.history, { query: { limit: 1 } });
  if (!latest) throw new CliError('No clips yet: clipsync push makes one', EXIT.GENERAL_FAILURE);
  return latest;
}
