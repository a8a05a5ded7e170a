import type { ToolRunner } from '../clipboard/tools';
import type { DesktopNotification } from './notification-text';

/** The program and arguments that show one notification: given as arguments, never through a shell. */
export interface NotifierCommand {
  command: string;
  args: string[];
}

/**
 * Text as the body of a notification server's markup (the freedesktop spec lets the body carry a few tags and
 * entities): `&`, `<` and `>` escaped, so that a sent text shows as written.
 */
const notifyMarkup = (text: string): string =>
  text.replace(/[&<>]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[character] ?? character);

/**
 * An AppleScript string literal: `\` and `"` escaped, and every line break or other control character made a
 * space (a raw line break would end the statement the string sits in).
 */
export function appleScriptString(text: string): string {
  const escaped = text.replace(/[\\"]/g, (character) => `\\${character}`).replace(/\p{Cc}/gu, ' ');
  return `"${escaped}"`;
}

/**
 * A PowerShell single-quoted string: nothing in it is expanded; the quote is doubled, also its typographic
 * forms (‘ ’ ‚ ‛), which PowerShell takes as the same quote. Control characters are made spaces.
 */
export function powerShellString(text: string): string {
  const escaped = text.replace(/['\u2018\u2019\u201a\u201b]/g, (quote) => `${quote}${quote}`).replace(/\p{Cc}/gu, ' ');
  return `'${escaped}'`;
}

/** The app id Windows PowerShell's own toasts use: a toast needs a registered one, and this one always is. */
const POWERSHELL_APP_ID = '{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe';

/** The toast script: the texts set as the text nodes' values, never parsed as XML. */
export function toastScript({ title, body }: DesktopNotification): string {
  return [
    '$ErrorActionPreference = "Stop"',
    '[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] > $null',
    '$xml = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02)',
    '$texts = $xml.GetElementsByTagName("text")',
    `$texts.Item(0).AppendChild($xml.CreateTextNode(${powerShellString(title)})) > $null`,
    `$texts.Item(1).AppendChild($xml.CreateTextNode(${powerShellString(body)})) > $null`,
    `[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier(${powerShellString(POWERSHELL_APP_ID)}).Show([Windows.UI.Notifications.ToastNotification]::new($xml))`,
  ].join('\n');
}

/**
 * How this system shows a notification: notify-send (libnotify) on Linux and the BSDs, osascript on macOS,
 * a toast through Windows PowerShell (its script as -EncodedCommand: no quoting of the command line at all).
 */
export function notifierCommand(platform: NodeJS.Platform, note: DesktopNotification): NotifierCommand {
  if (platform === 'darwin') {
    return {
      command: 'osascript',
      args: ['-e', `display notification ${appleScriptString(note.body)} with title ${appleScriptString(note.title)}`],
    };
  }
  if (platform === 'win32') {
    const encoded = Buffer.from(toastScript(note), 'utf16le').toString('base64');
    return {
      command: 'powershell.exe',
      args: ['-NoProfile', '-NonInteractive', '-WindowStyle', 'Hidden', '-EncodedCommand', encoded],
    };
  }
  // `--` ends the options: a title starting with `-` is still a title.
  return { command: 'notify-send', args: ['--app-name=ClipSync', '--', note.title, notifyMarkup(note.body)] };
}

/** Shows a notification and forgets it: a missing notifier, or one that fails, is silently nothing. */
export function showNotification(
  tools: ToolRunner,
  platform: NodeJS.Platform,
  note: DesktopNotification,
): Promise<void> {
  const { command, args } = notifierCommand(platform, note);
  return tools.run(command, args, { timeoutMs: 10_000 }).then(
    () => undefined,
    () => undefined,
  );
}
