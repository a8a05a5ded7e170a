/**
 * How long `clipsync` takes to start: `npx clipsync --version` from this checkout, after
 * `npm run build` made the bundle. Each round runs, on fresh processes and in turn (A B C D E, so a change
 * in the machine's load falls on all alike): node doing nothing (the floor of any node program), `npx`
 * running that same nothing (npm's own share), the bundle through bin/clipsync.mjs, the same through `npx
 * clipsync`, and the sources through tsx (how every command ran before the build bundled the CLI). Wall time
 * from spawn to exit; medians over the rounds. The bundle is made first (scripts/bundle.mjs, as the build does).
 *
 *   npm run bench -- cli-start [--rounds 15] [--no-sources] [--timeout 180]
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { median, round2 } from './lib/stats';

const BUDGET_MS = 200;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    'no-sources': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '180' },
  },
});
const rounds = positiveInt('cli-start', 'rounds', values.rounds);
const disarm = guardScenario('cli-start', positiveInt('cli-start', 'timeout', values.timeout));

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'packages', 'cli');
const bin = join(cli, 'bin', 'clipsync.mjs');
execFileSync(process.execPath, [join(cli, 'scripts', 'bundle.mjs')], { cwd: cli, stdio: 'inherit' });

// The sources as bin/clipsync.mjs runs them without a bundle, whatever dist/ holds.
const fromSources = join(temporaryDirectory('clipsync-cli-start-'), 'from-sources.mjs');
writeFileSync(
  fromSources,
  `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
register();
const main = await import(${JSON.stringify(pathToFileURL(join(cli, 'src', 'main.ts')).href)});
process.exitCode = await main.runAsProcess();
`,
);

const npx = join(process.execPath, '..', 'npx');
const cases: Record<string, [string, string[]]> = {
  node: [process.execPath, ['-e', '0']],
  'npx node': [npx, ['--no-install', 'node', '-e', '0']],
  bundle: [process.execPath, [bin, '--version']],
  'npx clipsync': [npx, ['--no-install', 'clipsync', '--version']],
  ...(values['no-sources'] ? {} : { sources: [process.execPath, [fromSources, '--version']] }),
};

/** Milliseconds from spawn to exit; a failure or anything but the version on stdout stops the run. */
function timed([command, args]: [string, string[]], expectVersion: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited ${code}`));
      else if (expectVersion && !/^\d+\.\d+\.\d+\n$/.test(stdout)) reject(new Error(`not a version: ${stdout}`));
      else resolve(ms);
    });
  });
}

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
// One warm-up round: the first spawn of each pays for the file system cache.
for (let round = 0; round <= rounds; round++) {
  for (const [name, command] of Object.entries(cases)) {
    const ms = await timed(command, name !== 'node' && name !== 'npx node');
    if (round > 0) samples[name]!.push(ms);
  }
}
disarm();

const medians = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, round2(median(list))]));
const npxClipsync = medians['npx clipsync']!;
const met = npxClipsync <= BUDGET_MS;
console.error(
  `cli-start: npx clipsync --version median ${npxClipsync} ms (budget ${BUDGET_MS} ms): ${met ? 'met' : 'missed'}`,
);
await printResult(
  {
    scenario: 'cli-start',
    machine: machine(),
    unit: 'ms from spawn to exit, median of the rounds',
    rounds,
    medians,
    // What starting the CLI itself costs beyond a node that does nothing, and beyond npx's own start.
    clipsyncOwnMs: round2(medians.bundle! - medians.node!),
    npxOwnMs: round2(medians['npx node']! - medians.node!),
    runs: Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, list.map(round2)])),
    budget: { 'npx clipsync --version': BUDGET_MS },
    verdict: met ? 'met' : 'missed',
  },
  !met,
);
