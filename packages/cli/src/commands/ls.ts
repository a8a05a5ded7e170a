import { CLIP_ENDPOINTS, CLIPS_PAGE_SIZE, ClipHistoryQuery, type Clip } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { usageError } from '../errors';
import { writeLine } from '../io';
import { formatWhen, oneLine, printable } from '../format';
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
    const { body: clips, headers } = await client.callWithHeaders(CLIP_ENDPOINTS.history, {
      query: { limit: limit.data, search: values.search },
    });
    const total = Number(headers.get('x-total-count') ?? clips.length);
    // A counted total (a search) stops at the server's cap, which it says in X-Total-Count-Capped: '200+'.
    const totalCapped = headers.get('x-total-count-capped') === 'true';
    if (json) {
      printJson(io, { clips, total, totalCapped });
      return;
    }
    if (clips.length === 0) {
      writeLine(io.stderr, values.search ? `No clip matches "${values.search}"` : 'No clips yet');
      return;
    }
    writeLine(io.stdout, table(clips, new Date()));
    const shownTotal = totalCapped ? `${total}+` : String(total);
    if (total > clips.length)
      writeLine(io.stderr, `${clips.length} of ${shownTotal} clips shown (--limit to see more)`);
  },
};

/** What stands for an end-to-end encrypted clip's text: its envelope means nothing to a reader. */
const ENCRYPTED_TEXT = '[encrypted]';

/** The files' names; an encrypted clip's are sealed inside them, so only their number is known here. */
function filesColumn(clip: Clip): string {
  if (!clip.encrypted) return clip.files.map((file) => printable(file.name)).join(', ');
  const count = clip.files.length;
  return count === 0 ? '' : `${count} encrypted file${count === 1 ? '' : 's'}`;
}

function table(clips: Clip[], now: Date): string {
  const rows = clips.map((clip) => [
    clip.id,
    formatWhen(new Date(clip.createdAt), now),
    clip.encrypted ? ENCRYPTED_TEXT : oneLine(clip.content, TEXT_WIDTH),
    filesColumn(clip),
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
