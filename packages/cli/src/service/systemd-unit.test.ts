import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { systemdUnitPath } from './systemd-service';
import { SYSTEMD_UNIT_NAME, systemdArgument, systemdUnit } from './systemd-unit';

/** A unit file's sections, each key's values in order (a key may repeat). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | null = null;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`Not a unit line: ${line}`);
    current.set(pair[1]!, [...(current.get(pair[1]!) ?? []), pair[2]!]);
  }
  return sections;
}

/** systemd's own splitting of a quoted command line, undone: "a b" "c\"d" → [a b, c"d]. */
function splitQuoted(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) =>
    match[1]!.replace(/\\(.)/g, '$1').replace(/%%/g, '%').replace(/\$\$/g, '$'),
  );
}

const folder = await mkdtemp(join(tmpdir(), 'clipsync-unit-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the systemd user unit', () => {
  const script = join(folder, 'clip sync', 'bin', 'clipsync.mjs');
  const launch = { node: process.execPath, script, args: ['watch', '--service', '--interval', '250'] };

  test('has its sections, an absolute ExecStart, a restart on failure only, and is wanted by default.target', () => {
    const unit = parseUnit(systemdUnit(launch));
    expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
    const service = unit.get('Service')!;
    const [execStart] = service.get('ExecStart')!;
    const argv = splitQuoted(execStart!);
    expect(argv).toEqual([process.execPath, script, 'watch', '--service', '--interval', '250']);
    expect(isAbsolute(argv[0]!) && isAbsolute(argv[1]!)).toBe(true);
    expect(service.get('Restart')).toEqual(['on-failure']);
    expect(unit.get('Install')!.get('WantedBy')).toEqual(['default.target']);
  });

  test('gives up on a failure that repeats (no display ever): a start limit the 10 s restarts reach', () => {
    const unit = parseUnit(systemdUnit(launch));
    const section = unit.get('Unit')!;
    const interval = Number(section.get('StartLimitIntervalSec')?.[0]);
    const burst = Number(section.get('StartLimitBurst')?.[0]);
    const restartSec = Number(unit.get('Service')!.get('RestartSec')?.[0]);
    expect({ interval, burst }).toEqual({ interval: 300, burst: 10 });
    // Every restart 10 s apart: the burst is spent well inside the interval, so the limit is met.
    expect(burst * restartSec).toBeLessThan(interval);
  });

  test('quotes every argument as systemd reads it back: spaces, quotes, backslashes, % and $', () => {
    expect(systemdArgument('/a b/c')).toBe('"/a b/c"');
    expect(systemdArgument('say "hi" \\ 100% $HOME')).toBe('"say \\"hi\\" \\\\ 100%% $$HOME"');
    expect(splitQuoted(systemdArgument('say "hi" \\ 100% $HOME'))).toEqual(['say "hi" \\ 100% $HOME']);
  });

  test('is written where systemd reads it: under an absolute XDG_CONFIG_HOME, else ~/.config (a relative one ignored)', () => {
    const homedir = '/home/ann';
    expect(systemdUnitPath({ homedir, env: { XDG_CONFIG_HOME: '/srv/cfg' } })).toBe(
      `/srv/cfg/systemd/user/${SYSTEMD_UNIT_NAME}`,
    );
    for (const XDG_CONFIG_HOME of ['cfg', './cfg', '']) {
      expect(systemdUnitPath({ homedir, env: { XDG_CONFIG_HOME } })).toBe(
        `/home/ann/.config/systemd/user/${SYSTEMD_UNIT_NAME}`,
      );
    }
  });

  test('refuses a line break in a path: it would end the ExecStart line', () => {
    expect(() => systemdUnit({ ...launch, script: '/tmp/a\nExecStartPre=/bin/evil' })).toThrow(/line break/);
  });

  test('systemd-analyze verify --user accepts it', async (context) => {
    const present = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0;
    if (!present) {
      console.warn('systemd-analyze is not installed here: the unit was parsed above, not verified by systemd');
      context.skip();
    }
    // The files the unit names must exist: verify checks ExecStart's program.
    await mkdir(join(folder, 'clip sync', 'bin'), { recursive: true });
    await writeFile(script, '');
    const unitPath = join(folder, SYSTEMD_UNIT_NAME);
    await writeFile(unitPath, systemdUnit(launch));
    // verify --user wants a runtime folder of its own (none in a container or a CI job without a session).
    const runtime = await mkdtemp(join(tmpdir(), 'clipsync-runtime-'));
    try {
      // It exits 0 on a key it ignores (a typo): its warnings, on stderr, must be none.
      const verified = spawnSync('systemd-analyze', ['verify', '--user', unitPath], {
        env: { ...process.env, XDG_RUNTIME_DIR: runtime },
        encoding: 'utf8',
      });
      expect({ status: verified.status, stderr: verified.stderr, stdout: verified.stdout }).toEqual({
        status: 0,
        stderr: '',
        stdout: '',
      });
    } finally {
      await rm(runtime, { recursive: true, force: true });
    }
  });
});
