import { createInterface } from 'node:readline';
import type { ClipboardBackend } from './backend';
import {
  concealedEntry,
  contentFrom,
  isMarkedSecret,
  PNG_TYPE,
  type ClipboardContent,
  type ClipboardReading,
} from './content';
import { toolFailure, type ToolRunner } from './tools';
import { WriteFence } from './write-fence';

/** What a Wayland client may offer for text, best first (X11 clients seen through XWayland use the last ones). */
export const WAYLAND_TEXT_TYPES = ['text/plain;charset=utf-8', 'text/plain', 'UTF8_STRING', 'STRING', 'TEXT'] as const;

/** wl-clipboard's command lines, named so the tests check them without a compositor. */
export const wlArgs = {
  /**
   * One line per change (and one at the start), the content read separately. The command drains the content
   * wl-paste pipes to it first: one that left it unread could end wl-paste on a broken pipe for a large copy.
   */
  watch: ['--watch', 'sh', '-c', 'cat >/dev/null; echo'],
  types: ['--list-types'],
  read: (type: string) => (type === PNG_TYPE ? ['--type', type] : ['--no-newline', '--type', type]),
  write: (content: ClipboardContent) => ['--type', content.kind === 'text' ? 'text/plain;charset=utf-8' : PNG_TYPE],
};

export function typeToRead(types: readonly string[]): string | null {
  return WAYLAND_TEXT_TYPES.find((type) => types.includes(type)) ?? (types.includes(PNG_TYPE) ? PNG_TYPE : null);
}

/**
 * The Wayland clipboard through wl-clipboard: `wl-paste --watch` says when it changes, so nothing is polled.
 * An entry whose types include `x-kde-passwordManagerHint` = `secret` (KeePassXC, KDE) is reported as concealed.
 * Not tested against a compositor here (none runs under CI); its command lines and choices are.
 */
export function waylandBackend(tools: ToolRunner): ClipboardBackend {
  const fence = new WriteFence();

  async function readType(type: string): Promise<Buffer | null> {
    const result = await tools.run('wl-paste', wlArgs.read(type));
    return result.code === 0 ? result.stdout : null;
  }

  async function readOnce(): Promise<ClipboardReading | null> {
    const listed = await tools.run('wl-paste', wlArgs.types);
    if (listed.code !== 0) return null; // the clipboard was cleared
    const types = listed.stdout.toString('utf8').split('\n');
    const type = typeToRead(types);
    if (!type) return null;
    const data = await readType(type);
    if (!data) return null;
    const content = contentFrom(data, type);
    if (!content) return null;
    return (await isMarkedSecret(types, readType)) ? concealedEntry(content) : content;
  }

  return {
    name: 'Wayland (wl-clipboard)',
    images: true,
    follow(onContent, onProblem) {
      const watcher = tools.start('wl-paste', wlArgs.watch);
      // Changes that arrive while one is read are folded into one more read: only the latest matters.
      let reading = false;
      let again = false;
      const readLatest = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        do {
          again = false;
          try {
            const content = await fence.read(readOnce);
            if (!tools.stopped) onContent(content);
          } catch (error) {
            if (!tools.stopped) onProblem(error instanceof Error ? error.message : String(error));
          }
        } while (again && !tools.stopped);
        reading = false;
      };
      createInterface({ input: watcher.stdout! }).on('line', () => void readLatest());
      let stderr = '';
      watcher.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      watcher.once('exit', (code) => {
        if (!tools.stopped) onProblem(`wl-paste --watch stopped: ${stderr.trim() || `status ${String(code)}`}`);
      });
      watcher.once('error', (error) => onProblem(`wl-paste --watch could not start: ${error.message}`));
      return async () => {
        watcher.kill('SIGTERM');
      };
    },
    write(content) {
      const input = content.kind === 'text' ? content.text : content.png;
      return fence.write(async () => {
        // wl-copy, like xclip, leaves a process serving the clipboard: wait for its exit, not its output.
        const result = await tools.run('wl-copy', wlArgs.write(content), { input, output: false });
        if (result.code !== 0) throw new Error(toolFailure('wl-copy', result));
      });
    },
  };
}
