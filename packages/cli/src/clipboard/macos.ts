import type { ClipboardBackend } from './backend';
import { concealedEntry, contentKey, type ClipboardReading } from './content';
import { pollClipboard } from './polling';
import { toolFailure, type ToolRunner } from './tools';

/**
 * pbcopy and pbpaste read and write in the locale's encoding: a UTF-8 locale keeps every character, whatever
 * the terminal that started `watch` had set.
 */
export const MACOS_TOOL_ENV = { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' } as const;

/** The pasteboard types by which password managers mark an entry not to be kept or synced (nspasteboard.org). */
export const MACOS_CONCEALED_TYPES = ['org.nspasteboard.ConcealedType', 'org.nspasteboard.TransientType'] as const;

/** JXA printing the general pasteboard's types, one a line: pbpaste tells only its text. */
export const PASTEBOARD_TYPES_SCRIPT =
  "ObjC.import('AppKit'); (ObjC.deepUnwrap($.NSPasteboard.generalPasteboard.types) || []).join('\\n')";

export const osascriptArgs = { types: ['-l', 'JavaScript', '-e', PASTEBOARD_TYPES_SCRIPT] };

/** Whether what the types script printed marks the entry concealed or transient. */
export function isConcealedOnMac(printed: string): boolean {
  const types = printed.split('\n').map((type) => type.trim());
  return MACOS_CONCEALED_TYPES.some((type) => types.includes(type));
}

const POLL_TIMEOUT_MS = 2_000;

/**
 * The macOS pasteboard through pbpaste (read every `intervalMs`: it has no watch) and pbcopy. Text only:
 * neither tool carries images. When the text differs from the last poll's, osascript lists the pasteboard's
 * types, and an entry a password manager marked is reported as concealed: an unchanged pasteboard still costs
 * one process a poll. Not tested on a Mac here; its command lines are.
 */
export function macosBackend(tools: ToolRunner, intervalMs: number): ClipboardBackend {
  /** The last poll's text (its fingerprint) and what it was found to be. */
  let lastPoll: { key: string; reading: ClipboardReading } | null = null;

  async function readOnce(): Promise<ClipboardReading> {
    const pasted = await tools.run('pbpaste', [], { env: MACOS_TOOL_ENV, timeoutMs: POLL_TIMEOUT_MS });
    if (pasted.code !== 0) throw new Error(toolFailure('pbpaste', pasted));
    const content = { kind: 'text' as const, text: pasted.stdout.toString('utf8') };
    const key = contentKey(content);
    if (lastPoll?.key === key) return lastPoll.reading;
    // Unable to tell, nothing is reported (the problem is, once): a password must not go for want of a check.
    const listed = await tools.run('osascript', osascriptArgs.types, { timeoutMs: POLL_TIMEOUT_MS });
    if (listed.code !== 0) throw new Error(toolFailure('osascript', listed));
    const reading = isConcealedOnMac(listed.stdout.toString('utf8')) ? concealedEntry(content) : content;
    lastPoll = { key, reading };
    return reading;
  }

  return {
    name: 'macOS (pbpaste/pbcopy)',
    images: false,
    follow(onContent, onProblem) {
      const stop = pollClipboard(readOnce, intervalMs, onContent, onProblem);
      return async () => stop();
    },
    async write(content) {
      if (content.kind !== 'text') throw new Error('pbcopy copies text only');
      const result = await tools.run('pbcopy', [], { env: MACOS_TOOL_ENV, input: content.text });
      if (result.code !== 0) throw new Error(toolFailure('pbcopy', result));
    },
  };
}
