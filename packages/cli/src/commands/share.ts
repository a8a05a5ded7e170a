import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { writeLine } from '../io';
import { terminalQr } from '../qr';
import { clipIdArgument, clipLink, signedInClient } from '../session';

export const shareCommand: Command = {
  summary: "print a clip's link and a QR code of it",
  usage: `Usage: clipsync share ID

Prints the link of clip ID and a QR code a phone can scan. Whoever holds the link may read the clip.

Options:
  --no-qr      the link only
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      { args, options: { ...COMMON_OPTIONS, 'no-qr': { type: 'boolean' } }, allowPositionals: true },
      { min: 1, max: 1 },
    );
    const id = clipIdArgument(positionals[0]!);
    const client = await signedInClient(io);
    // Fetched first: a link to a clip that does not exist (a typo) would only fail on the phone.
    const clip = await client.call(CLIP_ENDPOINTS.get, { params: { id } });
    // Others open a clip by its link's id: the clip's own until its owner stops or renews the link (`share`
    // then says which); someone else's protected clip answers its card, already under that id.
    const linkId = 'protected' in clip || !clip.share ? clip.id : clip.share.linkId;
    if (linkId === null) throw new CliError('This clip is not shared: its link was stopped.', EXIT.GENERAL_FAILURE);
    const url = clipLink(client.server, linkId);
    if (json) {
      printJson(io, { id: clip.id, url });
      return;
    }
    writeLine(io.stdout, url);
    if (!values['no-qr']) io.stdout.write(await terminalQr(url));
  },
};
