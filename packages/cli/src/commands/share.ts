import {
  CLIP_ENDPOINTS,
  CLIP_SHARE_MAX_VIEWS,
  type Clip,
  type ClipShareSettings,
  type ProtectedClipCard,
  type UpdateClipShareRequest,
} from '@clipsync/shared';
import { DecryptError } from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { keptClipboard, unopenable } from '../sealed/clipboard';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { shareNewEncryptedClip } from '../sealed/share';
import { writeLine, type CliIo } from '../io';
import { terminalQr } from '../qr';
import { passwordOption, withPasswordAsked } from '../secret-input';
import { describeShareAddress, shareAddressOf } from '../share-address';
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

Prints the link of clip ID and, at a terminal, a QR code a phone can scan, then (on stderr) what the
link allows: its expiry, views left and whether it needs a password. Whoever holds the link may read the clip, within the
limits set here. Settings left out are kept. Signed in to localhost, the link uses this computer's network
address, as the web's share dialog does (and says so when the server names none).

With --e2e, makes a new end-to-end encrypted clip of the text (--text, else stdin when it is not a terminal)
and FILEs, as clipsync push --e2e does, sets its link's --expires and --views, and prints the link with its
key (…/clips/ID#k=…): the server stores only ciphertext and never sees the key. An existing clip cannot be
encrypted after the fact: --e2e takes no ID.

Options:
  --expires WHEN   the link stops working after 1h, 1d, 7d or 30d from now, or never; the clip stays
                   unless --delete-after
  --views N        the link shows the clip N times (1-${CLIP_SHARE_MAX_VIEWS}), then stops working; or unlimited;
                   the clip stays unless --delete-after
  --delete-after   delete the clip (its text and files) when the link ends: expires or its last view is spent;
                   --no-delete-after keeps it (the default)
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
      const { client, id, url, share } = await shareNewEncryptedClip(io, json, options);
      const answer = { id, url, encrypted: true as const, share: share ?? defaultShare(id) };
      await printLink(io, json, client, answer, !values['no-qr'], values.password !== undefined);
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
    // Fetched in any case: a link to a clip that does not exist (a typo) would only fail on the phone.
    const clip = await client.call(CLIP_ENDPOINTS.get, { params: { id } });
    const share = isChanging
      ? await client.call(CLIP_ENDPOINTS.updateShare, { params: { id }, body: settings })
      : currentShare(clip);
    // A link the expiry job ended keeps its id (its `state` says why), but no longer opens.
    if (share !== null && (share.linkId === null || share.state !== null))
      throw new CliError(
        'This clip is not shared: its link was stopped, expired or spent its views. Set --expires or --views for a new one.',
        EXIT.GENERAL_FAILURE,
      );
    // A sealed clip's link is an end-to-end link: its key (opened here) in the fragment, which no server sees.
    const fragment = 'protected' in clip ? null : await sealedLinkFragment(io, client, clip);
    const url = `${clipLink(client.server, share?.linkId ?? id)}${fragment === null ? '' : `#${fragment}`}`;
    await printLink(
      io,
      json,
      client,
      { id, url, share, ...(fragment === null ? {} : { encrypted: true }) },
      !values['no-qr'],
    );
  },
};

/** Without --e2e, share takes exactly one clip ID. */
function onlyPositional(positionals: string[]): string {
  if (positionals.length === 0) throw usageError('An argument is missing');
  if (positionals.length > 1) throw usageError(`Unexpected argument: ${positionals[1]}`);
  return positionals[0]!;
}

/** What `share` answers: the clip, its link and, for the owner, the link's whole settings. */
interface ShareAnswer {
  id: string;
  url: string;
  encrypted?: true;
  /** Null for someone else's clip, whose link's settings are its owner's. */
  share: ClipShareSettings | null;
}

/**
 * The link, moved to the address the web's share dialog would give (a phone cannot open localhost), on
 * stdout with its QR code at a terminal unless asked not to; on stderr, where it points when that is not the server signed
 * in to, and what the link allows. With --json, the one line instead, the settings whole.
 */
async function printLink(
  io: CliIo,
  json: boolean,
  client: ApiClient,
  answer: ShareAnswer,
  withQr: boolean,
  /** An end-to-end encrypted clip's password, mixed into its key: the server's settings know nothing of it. */
  hasKeyPassword = false,
) {
  const address = await shareAddressOf(client);
  const url = `${address.server}${answer.url.slice(client.server.length)}`;
  if (json) {
    printJson(io, { ...answer, url });
    return;
  }
  writeLine(io.stdout, url);
  // Drawn with colour escapes: into a pipe or a file they would only corrupt what reads the link.
  if (withQr && io.stdout.isTTY) io.stdout.write(await terminalQr(url));
  const where = describeShareAddress(address);
  if (where !== null) writeLine(io.stderr, where);
  if (answer.share !== null) {
    writeLine(io.stderr, `Link settings: ${describeShareSettings(answer.share, hasKeyPassword)}.`);
  }
}

/**
 * The settings in words: when the link ends, the views it has left, whether it needs a password (never
 * which) and whether the clip goes with the link.
 */
export function describeShareSettings(share: ClipShareSettings, hasKeyPassword = false): string {
  const expiry = share.expiresAt === null ? 'never expires' : `expires ${formatExpiry(share.expiresAt)}`;
  const views = share.maxViews === null ? 'unlimited views' : `${share.viewsLeft ?? 0} of ${share.maxViews} views left`;
  const password = hasKeyPassword
    ? 'needs the password it was encrypted with'
    : share.hasPassword
      ? 'needs a password'
      : 'no password';
  const end = share.deleteAfter ? 'the clip is deleted when the link ends' : 'the clip stays when the link ends';
  return [expiry, views, password, end].join(' · ');
}

/** `2026-11-26 15:04 UTC`: a moment anyone reading the line (or a log of it) places the same way. */
const formatExpiry = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A clip never given settings has the link every clip starts with: its own id, no limits (the server leaves it out). */
const defaultShare = (id: string): ClipShareSettings => ({
  linkId: id,
  expiresAt: null,
  maxViews: null,
  viewsLeft: null,
  hasPassword: false,
  deleteAfter: false,
  state: null,
  endedAt: null,
  expirySetAt: null,
});

/**
 * Others open a clip by its link's id: the clip's own until its owner stops or renews the link (`share` then
 * says which); someone else's protected clip answers its card, already under that id, and no settings (null).
 */
function currentShare(clip: Clip | ProtectedClipCard): ClipShareSettings | null {
  if ('protected' in clip) return null;
  // Only the owner may change a clip: only the owner is answered its link's settings.
  if (!clip.abilities.update) return null;
  return clip.share ?? defaultShare(clip.id);
}

/**
 * The key in a sealed clip's link (`k=…`), from its wrapped key and the key `clipsync unlock` kept (else the
 * locked message: a link without its key would open nothing); null for a clip the account did not seal.
 */
async function sealedLinkFragment(io: CliIo, client: ApiClient, clip: Clip): Promise<string | null> {
  if (clip.wrappedKey === undefined) return null;
  const clipboard = await keptClipboard(io, client);
  try {
    return (await clipboard.keyOf(clip.wrappedKey)).fragment;
  } catch (error) {
    throw error instanceof DecryptError ? unopenable(clip.id) : error;
  }
}
