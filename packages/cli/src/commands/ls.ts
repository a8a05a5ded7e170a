import { CLIP_ENDPOINTS, CLIPS_PAGE_SIZE, ClipHistoryQuery } from '@clipsync/shared';
import type { ApiClient } from '../api-client';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { usageError } from '../errors';
import { writeLine } from '../io';
import { formatWhen, oneLine, printable } from '../format';
import { LOCKED_MESSAGE, accountClipboard, unopenable } from '../sealed/clipboard';
import { ClipOpener, matches, type ListedClip } from '../sealed/listing';
import { signedInClient } from '../session';

/** How many clips a page may hold, as the history query's own schema bounds it. */
const LIMIT = ClipHistoryQuery.shape.limit.unwrap();
/** The first line's column, kept short enough for an 80-column terminal beside the other columns. */
const TEXT_WIDTH = 40;

export const lsCommand: Command = {
  summary: 'list your latest clips',
  usage: `Usage: clipsync ls [--search Q] [--limit N]

Lists your clips, newest first: id, when, the first line of the text, and the files. An end-to-end
encrypted clip shows as [encrypted] and the number of its files (their names are encrypted too).
When your clipboard is encrypted end to end, its clips are opened here with the key clipsync unlock
kept ([locked] without it), and --search runs here over the whole history: the server cannot.

Options:
  -s, --search Q   only clips whose text or file names contain Q
  -n, --limit N    how many (${LIMIT.minValue} to ${LIMIT.maxValue}, default ${CLIPS_PAGE_SIZE})
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values } = parseCommandArgs({
      args,
      options: { ...COMMON_OPTIONS, search: { type: 'string', short: 's' }, limit: { type: 'string', short: 'n' } },
    });
    const limit = LIMIT.safeParse(values.limit ?? CLIPS_PAGE_SIZE);
    if (!limit.success) {
      throw usageError(`--limit takes a whole number from ${LIMIT.minValue} to ${LIMIT.maxValue}`);
    }
    const client = await signedInClient(io);
    const search = values.search?.trim() || undefined;
    // A sealed account's texts are envelopes to the server: its search would find nothing, so it runs here.
    const clipboard = search === undefined ? null : await accountClipboard(io, client);
    const { listed, total, totalCapped } = clipboard
      ? await searchHere(new ClipOpener(io, client, clipboard), client, search!, limit.data)
      : await listFromServer(new ClipOpener(io, client), client, search, limit.data);
    const locked = listed.some(({ state }) => state === 'locked');
    for (const one of listed) {
      if (one.state === 'unopenable' && !json) writeLine(io.stderr, unopenable(one.clip.id).message);
    }
    if (json) {
      printJson(io, { clips: listed.map(asJson), total, totalCapped });
      if (locked) writeLine(io.stderr, LOCKED_MESSAGE);
      return;
    }
    if (listed.length === 0) {
      writeLine(io.stderr, search ? `No clip matches "${search}"` : 'No clips yet');
      return;
    }
    writeLine(io.stdout, table(listed, new Date()));
    const shownTotal = totalCapped ? `${total}+` : String(total);
    if (total > listed.length)
      writeLine(io.stderr, `${listed.length} of ${shownTotal} clips shown (--limit to see more)`);
    if (locked) writeLine(io.stderr, LOCKED_MESSAGE);
  },
};

interface Listing {
  listed: ListedClip[];
  total: number;
  totalCapped: boolean;
}

/** One page of the history as the server lists (and, for a plain account, searches) it, sealed clips opened here. */
async function listFromServer(
  opener: ClipOpener,
  client: ApiClient,
  search: string | undefined,
  limit: number,
): Promise<Listing> {
  const { body: clips, headers } = await client.callWithHeaders(CLIP_ENDPOINTS.history, { query: { limit, search } });
  const total = Number(headers.get('x-total-count') ?? clips.length);
  // A counted total (a search) stops at the server's cap, which it says in X-Total-Count-Capped: '200+'.
  const totalCapped = headers.get('x-total-count-capped') === 'true';
  const listed = [];
  for (const clip of clips) listed.push(await opener.open(clip));
  return { listed, total, totalCapped };
}

/**
 * A sealed account's search: every page of the history, each clip opened here and matched on its text, then
 * (only when the text does not match) on its files' names, which takes reading the start of each file. The
 * total is every match; the first `limit` are shown.
 */
async function searchHere(opener: ClipOpener, client: ApiClient, search: string, limit: number): Promise<Listing> {
  const found: ListedClip[] = [];
  for (let offset = 0; ; offset += LIMIT.maxValue!) {
    const page = await client.call(CLIP_ENDPOINTS.history, { query: { limit: LIMIT.maxValue!, offset } });
    for (const clip of page) {
      let listed = await opener.text(clip);
      if (!matches(search, listed) && listed.state === 'sealed' && clip.files.length > 0) {
        listed = await opener.withNames(listed);
      }
      if (matches(search, listed)) found.push(listed);
    }
    if (page.length < LIMIT.maxValue!) break;
  }
  const listed = [];
  for (const one of found.slice(0, limit)) {
    listed.push(one.state === 'sealed' && one.fileNames.length === 0 ? await opener.open(one.clip) : one);
  }
  return { listed, total: found.length, totalCapped: false };
}

/** A clip for --json: a sealed one that opened with its text and file names in the clear, as pull gives them. */
function asJson(listed: ListedClip) {
  switch (listed.state) {
    case 'plain':
    case 'link':
      return listed.clip;
    case 'sealed':
      return {
        ...listed.clip,
        content: listed.text,
        files: listed.clip.files.map((file, index) => ({ ...file, name: listed.fileNames[index] ?? file.name })),
      };
    case 'locked':
      return { ...listed.clip, locked: true };
    case 'unopenable':
      return { ...listed.clip, error: unopenable(listed.clip.id).message };
  }
}

/** What stands for an end-to-end encrypted clip's text when it is not opened here: never its envelope. */
const STAND_INS = { link: '[encrypted]', locked: '[locked]', unopenable: '[does not open]' } as const;

/** The files' names; an encrypted clip's are sealed inside them, so only their number is known unless it opened. */
function filesColumn(listed: ListedClip): string {
  if (listed.state === 'plain' || listed.state === 'sealed') {
    return listed.fileNames.map((name) => printable(name)).join(', ');
  }
  const count = listed.clip.files.length;
  return count === 0 ? '' : `${count} encrypted file${count === 1 ? '' : 's'}`;
}

function table(listed: ListedClip[], now: Date): string {
  const rows = listed.map((one) => [
    one.clip.id,
    formatWhen(new Date(one.clip.createdAt), now),
    one.state === 'plain' || one.state === 'sealed' ? oneLine(one.text, TEXT_WIDTH) : STAND_INS[one.state],
    filesColumn(one),
  ]);
  const header = ['ID', 'WHEN', 'TEXT', 'FILES'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const render = (row: string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)].join('\n');
}
