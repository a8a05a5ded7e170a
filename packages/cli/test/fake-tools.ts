import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a fake answers when the arguments it got, joined by spaces, contain `when`. */
export interface FakeAnswer {
  when: string;
  stdout?: string;
  stderr?: string;
  code?: number;
  /** Answers only the first `times` calls that match (a tool that fails, then works); every one when left out. */
  times?: number;
}

/**
 * Programs of the given names (systemctl, launchctl, schtasks, notify-send…) in a folder of their own, to put
 * first on PATH: each records the arguments it got, one JSON line a call, and answers as told (the first
 * matching answer; exit 0 and no output otherwise). Node scripts run by this very node: no shell involved.
 */
export async function fakeTools(answers: Record<string, FakeAnswer[]>) {
  const folder = await mkdtemp(join(tmpdir(), 'clipsync-fake-tools-'));
  for (const [name, list] of Object.entries(answers)) {
    const script = `#!${process.execPath}
const { appendFileSync, readFileSync } = require('node:fs');
const args = process.argv.slice(2);
const callsPath = ${JSON.stringify(join(folder, `${name}.calls`))};
appendFileSync(callsPath, JSON.stringify(args) + '\\n');
const joined = args.join(' ');
const seen = readFileSync(callsPath, 'utf8').split('\\n').filter(Boolean).map((line) => JSON.parse(line).join(' '));
const answer =
  ${JSON.stringify(list)}.find(
    (one) =>
      joined.includes(one.when) &&
      (one.times === undefined || seen.filter((call) => call.includes(one.when)).length <= one.times),
  ) ?? {};
if (answer.stdout) process.stdout.write(answer.stdout);
if (answer.stderr) process.stderr.write(answer.stderr);
process.exitCode = answer.code ?? 0;
`;
    const path = join(folder, name);
    await writeFile(path, script);
    await chmod(path, 0o755);
  }
  return {
    folder,
    /** Every call `name` got, in order: its arguments. */
    async calls(name: string): Promise<string[][]> {
      const text = await readFile(join(folder, `${name}.calls`), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string[]);
    },
  };
}
