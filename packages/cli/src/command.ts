import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './errors';
import { printableJson } from './format';
import type { CliIo } from './io';

/** What a command is given: the io, its own arguments (after its name) and whether `--json` was asked. */
export interface CommandContext {
  io: CliIo;
  args: string[];
  json: boolean;
}

/** One entry of the command table: a line for the top-level help, its own help, and what it does. */
export interface Command {
  /** One line, shown in `clipsync --help`. */
  summary: string;
  /** The command's `--help`: its synopsis, then its options. */
  usage: string;
  /** Answers the exit status (0 when nothing is returned); failures are thrown as CliError. */
  run(context: CommandContext): Promise<number | void>;
}

/** The options every command takes. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The width of an option row's flags column: every command's rows start their words at the same place. */
export const OPTION_COLUMN = 17;

export const COMMON_USAGE = `  ${'--json'.padEnd(OPTION_COLUMN)}machine-readable output; on failure the server's {error, code} on stderr
  ${'-h, --help'.padEnd(OPTION_COLUMN)}this help`;

/** A clip's id (22 base64url characters) may start with `-`: one in 64 does. */
const DASHED_ID = /^-[A-Za-z0-9_-]{21}$/;

/**
 * The arguments with every bare one (an id, a file) moved behind `--` in its order when one of them is an id
 * starting with `-`, which parseArgs would otherwise take for an unknown option. An option's own value stays
 * with it; a dashed id given as one (`--to -S1b…`) is joined to it (`--to=-S1b…`), which parseArgs would
 * otherwise refuse as ambiguous.
 */
function withDashedIdsAsPositionals(args: readonly string[], options: ParseArgsConfig['options'] = {}): string[] {
  const takesValue = (arg: string) =>
    Object.entries(options).some(
      ([name, option]) =>
        option.type === 'string' && (arg === `--${name}` || (option.short && arg === `-${option.short}`)),
    );
  args = joinDashedValues(args, takesValue);
  const end = args.indexOf('--');
  const before = end === -1 ? args : args.slice(0, end);
  if (!before.some((arg, index) => DASHED_ID.test(arg) && !takesValue(before[index - 1] ?? ''))) return [...args];
  const flags: string[] = [];
  const bare: string[] = [];
  before.forEach((arg, index) => {
    const isValue = takesValue(before[index - 1] ?? '');
    if (isValue || (arg.startsWith('-') && !DASHED_ID.test(arg))) flags.push(arg);
    else bare.push(arg);
  });
  return [...flags, '--', ...bare, ...(end === -1 ? [] : args.slice(end + 1))];
}

function joinDashedValues(args: readonly string[], takesValue: (arg: string) => boolean): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const next = args[index + 1];
    if (arg === '--') return [...joined, ...args.slice(index)];
    if (next !== undefined && takesValue(arg) && DASHED_ID.test(next)) {
      joined.push(arg.startsWith('--') ? `${arg}=${next}` : `${arg}${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
}

/**
 * parseArgs, strict, with its refusals (an unknown flag, a missing value) as usage errors (exit 2); the
 * command spreads COMMON_OPTIONS into its options. `positionals` bounds how many bare arguments it takes.
 */
export function parseCommandArgs<const T extends ParseArgsConfig>(
  config: T,
  positionals: { min?: number; max?: number } = { max: 0 },
): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    const args = withDashedIdsAsPositionals(config.args ?? [], config.options);
    parsed = parseArgs<T>({ ...config, args, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on to explain `--`; its first sentence is the one a person needs.
    throw usageError((error as Error).message.split('. ')[0]!);
  }
  const count = parsed.positionals.length;
  if (positionals.min !== undefined && count < positionals.min) {
    throw usageError(positionals.min === 1 ? 'An argument is missing' : `${positionals.min} arguments are needed`);
  }
  if (positionals.max !== undefined && count > positionals.max) {
    throw usageError(`Unexpected argument: ${parsed.positionals[positionals.max]}`);
  }
  return parsed;
}

/** Writes `value` as one JSON line: what `--json` prints (what a terminal would act on written as `\uXXXX`). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${printableJson(value)}\n`);
}
