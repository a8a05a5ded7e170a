import { createInterface } from 'node:readline';
import type { ClipboardBackend } from './backend';
import type { ClipboardReading } from './content';
import { toolFailure, type ToolRunner } from './tools';

/** PowerShell's script as `-EncodedCommand` takes it (UTF-16LE, base64): no quoting of the script through cmd. */
export const encodePowerShell = (script: string): string => Buffer.from(script, 'utf16le').toString('base64');

const POWERSHELL_FLAGS = ['-NoProfile', '-NonInteractive', '-EncodedCommand'] as const;

/** The clipboard formats by which password managers keep an entry out of clipboard monitors, history and cloud. */
export const WINDOWS_CONCEALED_FORMATS = {
  /** Present at all: the entry is not for monitors such as this one. */
  excluded: 'ExcludeClipboardContentFromMonitorProcessing',
  /** Each concealing when it holds the DWORD 0. */
  refused: ['CanIncludeInClipboardHistory', 'CanUploadToCloudClipboard'],
} as const;

/** How the follow script prints a concealed entry: this, then the SHA-256 of its text (never the text). */
export const CONCEALED_LINE_PREFIX = 'concealed:';

/**
 * One PowerShell for as long as the watch: starting one per read would cost a few hundred milliseconds of
 * CPU each time. It prints the clipboard's text, base64 of its UTF-8 (one line whatever it holds), at the
 * start and each time it differs from what it last printed; an empty line when it holds no text. An entry
 * carrying one of WINDOWS_CONCEALED_FORMATS is printed as CONCEALED_LINE_PREFIX and a fingerprint instead.
 */
export function followScript(intervalMs: number): string {
  const refused = WINDOWS_CONCEALED_FORMATS.refused.map((format) => `'${format}'`).join(', ');
  return [
    "$ErrorActionPreference = 'SilentlyContinue'",
    'Add-Type -AssemblyName System.Windows.Forms',
    'function Test-Concealed {',
    '  $data = [Windows.Forms.Clipboard]::GetDataObject()',
    '  if ($null -eq $data) { return $false }',
    `  if ($data.GetDataPresent('${WINDOWS_CONCEALED_FORMATS.excluded}')) { return $true }`,
    `  foreach ($format in ${refused}) {`,
    '    $value = $data.GetData($format)',
    '    if ($value -is [IO.MemoryStream] -and $value.Length -ge 4 -and [BitConverter]::ToInt32($value.ToArray(), 0) -eq 0) { return $true }',
    '  }',
    '  return $false',
    '}',
    '$last = $null',
    'while ($true) {',
    '  $text = Get-Clipboard -Raw',
    "  if ($null -eq $text) { $text = '' }",
    '  if ($text -cne $last) {',
    '    $last = $text',
    '    $bytes = [Text.Encoding]::UTF8.GetBytes($text)',
    `    if (Test-Concealed) { $line = '${CONCEALED_LINE_PREFIX}' + [Convert]::ToBase64String([Security.Cryptography.SHA256]::Create().ComputeHash($bytes)) }`,
    '    else { $line = [Convert]::ToBase64String($bytes) }',
    '    [Console]::Out.WriteLine($line)',
    '    [Console]::Out.Flush()',
    '  }',
    `  Start-Sleep -Milliseconds ${Math.round(intervalMs)}`,
    '}',
  ].join('\n');
}

/** What one line of the follow script says the clipboard holds: null for no text. */
export function readFollowLine(line: string): ClipboardReading | null {
  const printed = line.trim();
  if (printed.startsWith(CONCEALED_LINE_PREFIX)) return { kind: 'concealed', key: printed };
  const text = Buffer.from(printed, 'base64').toString('utf8');
  return text ? { kind: 'text', text } : null;
}

/** Reads base64 of UTF-8 from standard input, so no code page ever touches the text. */
export const WRITE_SCRIPT =
  'Set-Clipboard -Value ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String([Console]::In.ReadToEnd())))';

export const powershellArgs = {
  follow: (intervalMs: number) => [...POWERSHELL_FLAGS, encodePowerShell(followScript(intervalMs))],
  write: [...POWERSHELL_FLAGS, encodePowerShell(WRITE_SCRIPT)],
};

/**
 * The Windows clipboard through PowerShell's Get-Clipboard and Set-Clipboard. Text only. Not tested on
 * Windows here; its scripts and command lines are.
 */
export function windowsBackend(tools: ToolRunner, powershell: string, intervalMs: number): ClipboardBackend {
  return {
    name: `Windows (${powershell} Get-Clipboard/Set-Clipboard)`,
    images: false,
    follow(onContent, onProblem) {
      const child = tools.start(powershell, powershellArgs.follow(intervalMs));
      createInterface({ input: child.stdout! }).on('line', (line) => onContent(readFollowLine(line)));
      child.once('exit', (code) => {
        if (!tools.stopped) onProblem(`${powershell} stopped following the clipboard (status ${String(code)})`);
      });
      child.once('error', (error) => onProblem(`${powershell} could not start: ${error.message}`));
      return async () => {
        child.kill();
      };
    },
    async write(content) {
      if (content.kind !== 'text') throw new Error('Set-Clipboard is given text only');
      const input = Buffer.from(content.text, 'utf8').toString('base64');
      const result = await tools.run(powershell, powershellArgs.write, { input, timeoutMs: 15_000 });
      if (result.code !== 0) throw new Error(toolFailure(powershell, result));
    },
  };
}
