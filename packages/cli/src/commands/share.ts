import { CLIP_ENDPOINTS, CLIP_SHARE_MAX_VIEWS, type UpdateClipShareRequest } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { shareNewEncryptedClip } from '../e2e/share';
import { writeLine, type CliIo } from '../io';
import { terminalQr } from '../qr';
import { passwordOption, withPasswordAsked } from '../secret-input';
import { clipIdArgument, clipLink, signedInClient } from '../session';

const HOUR_MS = 3_600_000;
/** The expiries the web's share dialog offers. */
const EXPIRIES: Readonly<Record<string, number | null>> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  never: null,
};

function expiryOf(value: string): string | null {
  const ms = EXPIRIES[value];
  if (ms === undefined) throw usageError(`--expires takes 1h, 1d, 7d, 30d or never, not ${value}`);
  return ms === null ? null : new Date(Date.now() + ms).toISOString();
}

function maxViewsOf(value: string): number | null {
  if (value === 'unlimited') return null;
  const views = Number(value);
  if (!/^\d+$/.test(value) || views < 1 || views > CLIP_SHARE_MAX_VIEWS) {
    throw usageError(`--views takes 1 to ${CLIP_SHARE_MAX_VIEWS} or unlimited, not ${value}`);
  }
  return views;
}

export const shareCommand: Command = {
  summary: "print a clip's link and a QR code of it; set its expiry, views and password, or stop it",
  usage: `Usage: clipsync share ID [--expires 1h|1d|7d|30d|never] [--views N|unlimited] [--delete-after] [--password] [--stop]
       clipsync share --e2e [-t TEXT] [FILE…] [--expires …] [--views …] [--delete-after] [--password]

Prints the link of clip ID and a QR code a phone can scan. Whoever holds the link may read the clip, within
the limits set here. Settings left out are kept.

With --e2e, makes a new end-to-end encrypted clip of the text (--text, else stdin when it is not a terminal)
and FILEs, as clipsync push --e2e does, sets its link's --expires and --views, and prints the link with its
key (…/clips/ID#k=…): the server stores only ciphertext and never sees the key. An existing clip cannot be
encrypted after the fact: --e2e takes no ID.

Options:
  --expires WHEN   the link stops working after 1h, 1d, 7d or 30d from now, or never; the clip stays
                   unless --delete-after
  --views N        the link shows the clip N times (1-${CLIP_SHARE_MAX_VIEWS}), then stops working; or unlimited;
                   the clip stays unless --delete-after
  --delete-after   delete the clip (its text and files) when the link ends: expires or its last view is spent
  --no-delete-after  keep the clip when the link ends (the default)
  --password       ask for a password the link then needs: typed without echo at a terminal, or read from
                   the first line of stdin. A password written as --password=VALUE works too, but anyone
                   on this machine may see it (ps, shell history): prefer the prompt or stdin.
                   With --e2e the password is mixed into the key instead: the server never sees it
                   (nor checks it); give the text with --text to read the password from stdin.
  --no-password    the link no longer needs a password
  --stop           stop the link at once; sharing again makes a new link (a new id)
  --e2e            a new end-to-end encrypted clip (above)
  -t, --text TEXT  with --e2e, the clip's text
  --no-qr          the link only
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      {
        args: withPasswordAsked(args),
        options: {
          ...COMMON_OPTIONS,
          'no-qr': { type: 'boolean' },
          expires: { type: 'string' },
          views: { type: 'string' },
          password: { type: 'string' },
          'no-password': { type: 'boolean' },
          'delete-after': { type: 'boolean' },
          'no-delete-after': { type: 'boolean' },
          stop: { type: 'boolean' },
          e2e: { type: 'boolean' },
          text: { type: 'string', short: 't' },
        },
        allowPositionals: true,
      },
      {},
    );
    const settings: UpdateClipShareRequest = {};
    if (values.expires !== undefined) settings.expiresAt = expiryOf(values.expires);
    if (values.views !== undefined) settings.maxViews = maxViewsOf(values.views);
    if (values['delete-after'] && values['no-delete-after']) {
      throw usageError('--delete-after and --no-delete-after cannot be given together');
    }
    if (values['delete-after']) settings.deleteAfter = true;
    if (values['no-delete-after']) settings.deleteAfter = false;
    if (values.e2e) {
      if (values.stop || values['no-password'])
        throw usageError('--e2e makes a new clip: --stop and --no-password do not apply');
      const options = { paths: positionals, text: values.text, password: values.password, settings };
      const { id, url } = await shareNewEncryptedClip(io, json, options);
      await printLink(io, json, { id, url, encrypted: true }, !values['no-qr']);
      return;
    }
    if (values.text !== undefined) throw usageError('--text goes with --e2e (a new encrypted clip)');
    const id = clipIdArgument(onlyPositional(positionals));
    if (values.password !== undefined && values['no-password']) {
      throw usageError('--password and --no-password cannot be given together');
    }
    if (values['no-password']) settings.password = null;
    const isChanging = Object.keys(settings).length > 0 || values.password !== undefined;
    if (values.stop && isChanging) throw usageError('--stop takes no other settings');

    const client = await signedInClient(io);
    if (values.stop) {
      await client.call(CLIP_ENDPOINTS.removeShare, { params: { id } });
      if (json) printJson(io, { id, stopped: true });
      else writeLine(io.stderr, 'Sharing stopped: the link no longer works.');
      return;
    }
    if (values.password !== undefined) {
      settings.password = await passwordOption(io, values.password, 'Password for the link: ');
    }
    const linkId = isChanging
      ? (await client.call(CLIP_ENDPOINTS.updateShare, { params: { id }, body: settings })).linkId
      : await currentLinkId(client, id);
    if (linkId === null)
      throw new CliError(
        'This clip is not shared: its link was stopped, expired or spent its views. Set --expires or --views for a new one.',
        EXIT.GENERAL_FAILURE,
      );
    await printLink(io, json, { id, url: clipLink(client.server, linkId) }, !values['no-qr']);
  },
};

/** Without --e2e, share takes exactly one clip ID. */
function onlyPositional(positionals: string[]): string {
  if (positionals.length === 0) throw usageError('An argument is missing');
  if (positionals.length > 1) throw usageError(`Unexpected argument: ${positionals[1]}`);
  return positionals[0]!;
}

/** The link on stdout, then its QR code unless asked not to; with --json, the one line instead. */
async function printLink(
  io: CliIo,
  json: boolean,
  answer: { id: string; url: string; encrypted?: true },
  withQr: boolean,
) {
  if (json) {
    printJson(io, answer);
    return;
  }
  writeLine(io.stdout, answer.url);
  if (withQr) io.stdout.write(await terminalQr(answer.url));
}

/**
 * Others open a clip by its link's id: the clip's own until its owner stops or renews the link (`share` then
 * says which); someone else's protected clip answers its card, already under that id. Fetched in any case: a
 * link to a clip that does not exist (a typo) would only fail on the phone.
 */
async function currentLinkId(client: Awaited<ReturnType<typeof signedInClient>>, id: string): Promise<string | null> {
  const clip = await client.call(CLIP_ENDPOINTS.get, { params: { id } });
  if ('protected' in clip || !clip.share) return clip.id;
  return clip.share.state === null ? clip.share.linkId : null;
}
