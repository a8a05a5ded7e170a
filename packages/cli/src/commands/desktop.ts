import {
  DESKTOP_COORDINATE_MAX,
  DESKTOP_ENDPOINTS,
  DESKTOP_ITEM_DEFAULT_POSITION,
  type AppRoute,
  type DesktopItem,
} from '@clipsync/shared';
import {
  COMMON_OPTIONS,
  COMMON_USAGE,
  parseCommandArgs,
  printJson,
  type Command,
  type CommandContext,
} from '../command';
import { usageError } from '../errors';
import { formatBytes, formatWhen, oneLine, printable } from '../format';
import { filesToUpload, textToPush } from '../input';
import { writeLine } from '../io';
import { signedInClient } from '../session';

/** The desktop's page in the web app, where pushed blocks appear. */
const DESKTOP_PAGE = '/desktop' satisfies AppRoute;
/** Room left between a new block and the lowest one, as between blocks the web app places. */
const BLOCK_GAP = 10;
const TEXT_WIDTH = 40;

const SUBCOMMANDS = ['push', 'ls'] as const;

export const desktopCommand: Command = {
  summary: 'your personal desktop: desktop push [FILE…], desktop ls',
  usage: `Usage: clipsync desktop push [-t TEXT] [FILE…]
       clipsync desktop ls

push  adds a text block (--text, or stdin when it is not a terminal) and a block per FILE to your
      personal desktop, below what is already there.
ls    lists the desktop's blocks: id, type, when, the text's first line or the file's name and size.

Options:
  -t, --text TEXT  (push) the text block's text
${COMMON_USAGE}
`,
  async run(context) {
    const [subcommand, ...rest] = context.args;
    if (subcommand === 'push') return push({ ...context, args: rest });
    if (subcommand === 'ls') return list({ ...context, args: rest });
    throw usageError(
      subcommand ? `Unknown desktop command: ${subcommand}` : `desktop needs one of: ${SUBCOMMANDS.join(', ')}`,
    );
  },
};

/** Where a new block goes: at the left edge below every block, so it never covers one. */
function belowEverything(items: readonly DesktopItem[]): { x: number; y: number } {
  if (items.length === 0) return { ...DESKTOP_ITEM_DEFAULT_POSITION };
  const bottom = Math.max(...items.map((item) => item.position.y + item.size.height));
  return { x: 0, y: Math.min(bottom + BLOCK_GAP, DESKTOP_COORDINATE_MAX) };
}

async function push({ io, args, json }: CommandContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    { args, options: { ...COMMON_OPTIONS, text: { type: 'string', short: 't' } }, allowPositionals: true },
    {},
  );
  const files = await filesToUpload(io, positionals);
  const text = (await textToPush(io, values.text)) ?? '';
  if (text.trim() === '' && files.length === 0) {
    throw usageError('Nothing to push: give --text, pipe text on stdin, or name files');
  }
  const client = await signedInClient(io);
  const desktop = await client.call(DESKTOP_ENDPOINTS.get);
  const items = [...desktop.items];
  const added: DesktopItem[] = [];
  if (text.trim() !== '') {
    const item = await client.call(DESKTOP_ENDPOINTS.addText, {
      body: { content: text, position: belowEverything(items) },
    });
    items.push(item);
    added.push(item);
  }
  for (const file of files) {
    const item = await client.upload(DESKTOP_ENDPOINTS.uploadFile, { query: belowEverything(items) }, file);
    items.push(item);
    added.push(item);
  }
  if (json) {
    printJson(io, { items: added });
    return;
  }
  for (const item of added) writeLine(io.stdout, `Added ${describe(item)} (${item.id})`);
  writeLine(io.stderr, `On your desktop: ${client.server}${DESKTOP_PAGE}`);
}

async function list({ io, args, json }: CommandContext): Promise<void> {
  parseCommandArgs({ args, options: COMMON_OPTIONS });
  const client = await signedInClient(io);
  const desktop = await client.call(DESKTOP_ENDPOINTS.get);
  if (json) {
    printJson(io, { items: desktop.items });
    return;
  }
  if (desktop.items.length === 0) {
    writeLine(io.stderr, 'Your desktop is empty');
    return;
  }
  const now = new Date();
  for (const item of desktop.items) {
    writeLine(
      io.stdout,
      [item.id, item.type.padEnd(4), formatWhen(new Date(item.created_at), now).padEnd(10), describe(item)].join('  '),
    );
  }
}

/** A block in a few words: the text's first line, or the file's name and size. */
function describe(item: DesktopItem): string {
  if (item.type === 'text') return `"${oneLine(item.content, TEXT_WIDTH)}"`;
  return `${printable(item.file_name ?? 'file')} (${formatBytes(item.file_size ?? 0)})`;
}
