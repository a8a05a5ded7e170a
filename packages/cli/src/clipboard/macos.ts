import type { ClipboardBackend } from './backend';
import { pollClipboard } from './polling';
import { toolFailure, type ToolRunner } from './tools';

/**
 * pbcopy and pbpaste read and write in the locale's encoding: a UTF-8 locale keeps every character, whatever
 * the terminal that started `watch` had set.
 */
export const MACOS_TOOL_ENV = { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' } as const;

/**
 * The macOS pasteboard through pbpaste (read every `intervalMs`: it has no watch) and pbcopy. Text only:
 * neither tool carries images. Not tested on a Mac here; its command lines are.
 */
export function macosBackend(tools: ToolRunner, intervalMs: number): ClipboardBackend {
  return {
    name: 'macOS (pbpaste/pbcopy)',
    images: false,
    follow(onContent, onProblem) {
      const read = async () => {
        const result = await tools.run('pbpaste', [], { env: MACOS_TOOL_ENV, timeoutMs: 2_000 });
        if (result.code !== 0) throw new Error(toolFailure('pbpaste', result));
        return { kind: 'text' as const, text: result.stdout.toString('utf8') };
      };
      const stop = pollClipboard(read, intervalMs, onContent, onProblem);
      return async () => stop();
    },
    async write(content) {
      if (content.kind !== 'text') throw new Error('pbcopy copies text only');
      const result = await tools.run('pbcopy', [], { env: MACOS_TOOL_ENV, input: content.text });
      if (result.code !== 0) throw new Error(toolFailure('pbcopy', result));
    },
  };
}
