import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './errors';
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

export const COMMON_USAGE = `  --json       machine-readable output; on failure the server's {error, code} on stderr
  -h, --help   this help`;

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
    parsed = parseArgs<T>({ ...config, allowPositionals: true, strict: true });
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

/** Writes `value` as one JSON line: what `--json` prints. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}
