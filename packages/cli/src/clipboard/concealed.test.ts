import { describe, expect, test } from 'vitest';
import { fakeTools, type FakeAnswer } from '../../test/fake-tools';
import type { ClipboardBackend } from './backend';
import { concealedEntry, isMarkedSecret, KDE_PASSWORD_HINT, type ClipboardReading } from './content';
import { isConcealedOnMac, macosBackend, osascriptArgs, PASTEBOARD_TYPES_SCRIPT } from './macos';
import { ToolRunner } from './tools';
import { waylandBackend } from './wayland';
import { followScript, readFollowLine } from './windows';
import { x11Backend } from './x11';

const PASSWORD = { kind: 'text', text: 'hunter2' } as const;

/** A backend on fake tools, followed until `enough` readings came; what it reported, and the tools' calls. */
async function follow(
  answers: Record<string, FakeAnswer[]>,
  open: (tools: ToolRunner) => ClipboardBackend,
  enough: number,
) {
  const fakes = await fakeTools(answers);
  const tools = new ToolRunner({ PATH: `${fakes.folder}:${process.env.PATH ?? ''}` });
  const readings: Array<ClipboardReading | null> = [];
  const problems: string[] = [];
  await new Promise<void>((resolve) => {
    const stop = open(tools).follow(
      (reading) => {
        readings.push(reading);
        if (readings.length === enough) void stop().then(resolve);
      },
      (problem) => {
        problems.push(problem);
        if (problems.length === 1 && enough === 0) void stop().then(resolve);
      },
    );
  });
  tools.stop();
  return { readings, problems, calls: fakes.calls };
}

describe('an entry a password manager marked as secret is reported as concealed, never as its content', () => {
  test('X11: the owner offering x-kde-passwordManagerHint = secret; TARGETS asked only when the text changed', async () => {
    const { readings, calls } = await follow(
      {
        xclip: [
          { when: '-t UTF8_STRING', stdout: 'hunter2', times: 3 },
          { when: '-t UTF8_STRING', stdout: 'an ordinary copy' },
          { when: '-t TARGETS', stdout: `TARGETS\nUTF8_STRING\n${KDE_PASSWORD_HINT}\n`, times: 1 },
          { when: '-t TARGETS', stdout: 'TARGETS\nUTF8_STRING\n' },
          { when: `-t ${KDE_PASSWORD_HINT}`, stdout: 'secret' },
        ],
      },
      (tools) => x11Backend(tools, 1),
      5,
    );
    const password = concealedEntry(PASSWORD);
    const ordinary = { kind: 'text', text: 'an ordinary copy' };
    expect(readings).toEqual([password, password, password, ordinary, ordinary]);
    // Five polls: five UTF8_STRING reads, one TARGETS per change, the hint read once.
    const targets = (await calls('xclip')).map((args) => args.at(-1));
    expect(targets.filter((target) => target === 'UTF8_STRING')).toHaveLength(5);
    expect(targets.filter((target) => target === 'TARGETS')).toHaveLength(2);
    expect(targets.filter((target) => target === KDE_PASSWORD_HINT)).toHaveLength(1);
  });

  test('X11: an owner that does not list its targets is not taken for ordinary text', async () => {
    const { readings } = await follow(
      {
        xclip: [
          { when: '-t UTF8_STRING', stdout: 'hunter2' },
          { when: '-t TARGETS', code: 1, times: 1 },
          { when: '-t TARGETS', stdout: `TARGETS\nUTF8_STRING\n${KDE_PASSWORD_HINT}\n` },
          { when: `-t ${KDE_PASSWORD_HINT}`, stdout: 'secret' },
        ],
      },
      (tools) => x11Backend(tools, 1),
      2,
    );
    expect(readings).toEqual([null, concealedEntry(PASSWORD)]);
  });

  test('Wayland: the types list x-kde-passwordManagerHint and its data is secret', async () => {
    const { readings } = await follow(
      {
        'wl-paste': [
          { when: '--watch', stdout: '\n' },
          { when: '--list-types', stdout: `text/plain;charset=utf-8\n${KDE_PASSWORD_HINT}\n` },
          { when: `--type ${KDE_PASSWORD_HINT}`, stdout: 'secret' },
          { when: '--type text/plain;charset=utf-8', stdout: 'hunter2' },
        ],
      },
      waylandBackend,
      1,
    );
    expect(readings).toEqual([concealedEntry(PASSWORD)]);
  });

  test('macOS: the pasteboard types include ConcealedType; osascript runs only when the text changed', async () => {
    const { readings, calls } = await follow(
      {
        pbpaste: [
          { when: '', stdout: 'hunter2', times: 2 },
          { stdout: 'an ordinary copy', when: '' },
        ],
        osascript: [
          { when: 'JavaScript', stdout: 'public.utf8-plain-text\norg.nspasteboard.ConcealedType\n', times: 1 },
          { when: 'JavaScript', stdout: 'public.utf8-plain-text\n' },
        ],
      },
      (tools) => macosBackend(tools, 1),
      3,
    );
    const password = concealedEntry(PASSWORD);
    expect(readings).toEqual([password, password, { kind: 'text', text: 'an ordinary copy' }]);
    expect(await calls('osascript')).toEqual([osascriptArgs.types, osascriptArgs.types]);
  });

  test('macOS: when the types cannot be listed, nothing is reported but the problem', async () => {
    const { readings, problems } = await follow(
      {
        pbpaste: [{ when: '', stdout: 'hunter2' }],
        osascript: [{ when: '', stderr: 'execution error: not allowed', code: 1 }],
      },
      (tools) => macosBackend(tools, 1),
      0,
    );
    expect(readings).toEqual([]);
    expect(problems).toEqual(['execution error: not allowed']);
  });
});

describe('what the tools print about concealed entries', () => {
  test('the KDE hint conceals only with the data secret, and is read only when offered', async () => {
    const read = async (type: string) => (type === KDE_PASSWORD_HINT ? Buffer.from('secret\n') : null);
    expect(await isMarkedSecret(['UTF8_STRING', KDE_PASSWORD_HINT], read)).toBe(true);
    expect(await isMarkedSecret(['UTF8_STRING', KDE_PASSWORD_HINT], async () => Buffer.from('public'))).toBe(false);
    expect(await isMarkedSecret(['UTF8_STRING', KDE_PASSWORD_HINT], async () => null)).toBe(false);
    expect(await isMarkedSecret(['UTF8_STRING'], () => expect.unreachable('read'))).toBe(false);
  });

  test('macOS: ConcealedType and TransientType conceal, other types do not', () => {
    expect(osascriptArgs.types).toEqual(['-l', 'JavaScript', '-e', PASTEBOARD_TYPES_SCRIPT]);
    expect(PASTEBOARD_TYPES_SCRIPT).toContain('NSPasteboard.generalPasteboard.types');
    expect(isConcealedOnMac('public.utf8-plain-text\norg.nspasteboard.ConcealedType\n')).toBe(true);
    expect(isConcealedOnMac('org.nspasteboard.TransientType')).toBe(true);
    expect(isConcealedOnMac('public.utf8-plain-text\norg.nspasteboard.AutoGeneratedType\n')).toBe(false);
    expect(isConcealedOnMac('')).toBe(false);
  });

  test("Windows: the follow script checks the three formats and prints a concealed entry's fingerprint only", () => {
    const script = followScript(100);
    expect(script).toContain("GetDataPresent('ExcludeClipboardContentFromMonitorProcessing')");
    expect(script).toContain("foreach ($format in 'CanIncludeInClipboardHistory', 'CanUploadToCloudClipboard')");
    expect(script).toContain('[BitConverter]::ToInt32($value.ToArray(), 0) -eq 0');
    expect(script).toContain("'concealed:' + [Convert]::ToBase64String([Security.Cryptography.SHA256]");

    const hunter2 = Buffer.from('hunter2').toString('base64');
    expect(readFollowLine(`${hunter2}\r`)).toEqual(PASSWORD);
    expect(readFollowLine('')).toBeNull();
    expect(readFollowLine('concealed:q83vEjRWeJA=')).toEqual({ kind: 'concealed', key: 'concealed:q83vEjRWeJA=' });
  });
});
