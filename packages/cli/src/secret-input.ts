import { CliError, usageError } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

type TerminalInput = CliIo['stdin'] & { setRawMode?: (isRaw: boolean) => unknown };

/** Typed at a terminal, echoing nothing: Enter ends it, Backspace takes back a character, Ctrl-C stops. */
function readHidden(io: CliIo, question: string): Promise<string> {
  const stdin = io.stdin as TerminalInput;
  io.stderr.write(question);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', hear);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
    };
    function hear(chunk: string | Buffer) {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new CliError('Interrupted', EXIT.GENERAL_FAILURE));
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    }
    stdin.on('data', hear);
  });
}

/** The first line of what is piped in (`echo secret | clipsync share ID --password`), its newline dropped. */
async function readFirstLine(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/**
 * A secret the user did not put on the command line (where `ps` and the shell's history would show it):
 * asked at a terminal without echo, else read from stdin. Empty is refused.
 */
export async function readSecret(io: CliIo, question: string): Promise<string> {
  const secret = io.stdin.isTTY ? await readHidden(io, question) : await readFirstLine(io);
  if (secret === '') throw usageError('The password is empty');
  return secret;
}

/** `--password` alone (or `--password=-`): the password is asked for, never taken from the command line. */
export const ASK_PASSWORD = '-';

/** parseArgs wants a value after `--password`; alone, it means "ask me", which `--password=-` spells. */
export const withPasswordAsked = (args: string[]): string[] =>
  args.map((arg) => (arg === '--password' ? '--password=-' : arg));

/** The `--password` option's password: asked (without echo, or stdin's first line) when given without a value. */
export async function passwordOption(
  io: CliIo,
  value: string | undefined,
  question: string,
): Promise<string | undefined> {
  if (value === undefined) return undefined;
  return value === ASK_PASSWORD ? readSecret(io, question) : value;
}
