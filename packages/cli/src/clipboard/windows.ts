import { createInterface } from 'node:readline';
import type { ClipboardBackend } from './backend';
import { toolFailure, type ToolRunner } from './tools';

/** PowerShell's script as `-EncodedCommand` takes it (UTF-16LE, base64): no quoting of the script through cmd. */
export const encodePowerShell = (script: string): string => Buffer.from(script, 'utf16le').toString('base64');

const POWERSHELL_FLAGS = ['-NoProfile', '-NonInteractive', '-EncodedCommand'] as const;

/**
 * One PowerShell for as long as the watch: starting one per read would cost a few hundred milliseconds of
 * CPU each time. It prints the clipboard's text, base64 of its UTF-8 (one line whatever it holds), at the
 * start and each time it differs from what it last printed; an empty line when it holds no text.
 */
export function followScript(intervalMs: number): string {
  return [
    "$ErrorActionPreference = 'SilentlyContinue'",
    '$last = $null',
    'while ($true) {',
    '  $text = Get-Clipboard -Raw',
    "  if ($null -eq $text) { $text = '' }",
    '  if ($text -cne $last) {',
    '    $last = $text',
    '    [Console]::Out.WriteLine([Convert]::ToBase64String([Text.Encoding]::UTF8.GetBytes($text)))',
    '    [Console]::Out.Flush()',
    '  }',
    `  Start-Sleep -Milliseconds ${Math.round(intervalMs)}`,
    '}',
  ].join('\n');
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
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const text = Buffer.from(line.trim(), 'base64').toString('utf8');
        onContent(text ? { kind: 'text', text } : null);
      });
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
