import type { ClipboardBackend } from './backend';
import {
  concealedEntry,
  contentKey,
  contentFrom,
  isMarkedSecret,
  isPng,
  PNG_TYPE,
  type ClipboardContent,
  type ClipboardReading,
} from './content';
import { pollClipboard } from './polling';
import { toolFailure, type ToolRunner } from './tools';
import { WriteFence } from './write-fence';

/**
 * What an X11 clipboard owner may offer for text, best first. When it offers text and an image (a
 * spreadsheet's cells come with a picture of them), the text is what the user copied.
 */
export const X11_TEXT_TARGETS = ['UTF8_STRING', 'text/plain;charset=utf-8', 'STRING', 'TEXT', 'text/plain'] as const;

const CLIPBOARD = ['-selection', 'clipboard'] as const;

/** xclip's command lines, named so the tests check them without an X server. */
export const xclipArgs = {
  read: (target: string) => [...CLIPBOARD, '-o', '-t', target],
  write: (content: ClipboardContent) => [...CLIPBOARD, '-i', '-t', content.kind === 'text' ? 'UTF8_STRING' : PNG_TYPE],
};

/** Which target to read from an owner's TARGETS list: text first, then a PNG, else nothing we follow. */
export function targetToRead(targets: readonly string[]): string | null {
  return X11_TEXT_TARGETS.find((target) => targets.includes(target)) ?? (targets.includes(PNG_TYPE) ? PNG_TYPE : null);
}

const POLL_TIMEOUT_MS = 2_000;

/**
 * The X11 CLIPBOARD selection through xclip. X11 tells no one when the selection changes (short of an
 * extension xclip does not use), so it is read every `intervalMs`. A read asks for UTF8_STRING first: one
 * process per poll for the usual text clipboard. When its bytes differ from the last poll's, the owner is
 * asked its TARGETS: one offering `x-kde-passwordManagerHint` = `secret` (KeePassXC, KDE) holds a password,
 * reported as concealed. An owner that refuses UTF8_STRING is asked its TARGETS, then the one we follow.
 * xclip's own writer answers every target with its data, hence the PNG check on "text".
 */
export function x11Backend(tools: ToolRunner, intervalMs: number): ClipboardBackend {
  const fence = new WriteFence();
  /** The last poll's UTF8_STRING bytes (their fingerprint) and what they were found to be. */
  let lastPoll: { key: string; reading: ClipboardReading } | null = null;

  async function readTarget(target: string): Promise<Buffer | null> {
    const result = await tools.run('xclip', xclipArgs.read(target), { timeoutMs: POLL_TIMEOUT_MS });
    return result.code === 0 ? result.stdout : null;
  }

  /** What the owner offers; null when there is no owner, or it does not say. */
  async function readTargets(): Promise<string[] | null> {
    const listed = await readTarget('TARGETS');
    return listed ? listed.toString('utf8').split('\n') : null;
  }

  async function readUtf8(utf8: Buffer): Promise<ClipboardReading | null> {
    const content: ClipboardContent = isPng(utf8)
      ? { kind: 'image', png: utf8 }
      : { kind: 'text', text: utf8.toString('utf8') };
    const key = contentKey(content);
    if (lastPoll?.key === key) return lastPoll.reading;
    const targets = await readTargets();
    // An owner that will not list its targets might be a password manager: nothing is reported until it does
    // (the owner changed between the two reads, and the next poll sees the new one).
    if (!targets) return null;
    const reading = (await isMarkedSecret(targets, readTarget)) ? concealedEntry(content) : content;
    lastPoll = { key, reading };
    return reading;
  }

  async function readOnce(): Promise<ClipboardReading | null> {
    const utf8 = await readTarget('UTF8_STRING');
    if (utf8) return readUtf8(utf8);
    lastPoll = null;
    const targets = await readTargets();
    // No owner (nothing copied since the display started, or its owner quit): nothing to follow.
    const target = targets ? targetToRead(targets) : null;
    if (!targets || !target) return null;
    // null: the owner changed between the two reads, and the next poll sees the new one.
    const data = await readTarget(target);
    if (!data) return null;
    const content = contentFrom(data, target, target === 'STRING' ? 'latin1' : 'utf8');
    if (!content) return null;
    return (await isMarkedSecret(targets, readTarget)) ? concealedEntry(content) : content;
  }

  return {
    name: 'X11 (xclip)',
    images: true,
    follow(onContent, onProblem) {
      const stop = pollClipboard(() => fence.read(readOnce), intervalMs, onContent, onProblem);
      return async () => stop();
    },
    write(content) {
      const input = content.kind === 'text' ? content.text : content.png;
      return fence.write(async () => {
        // xclip forks a process that holds the selection; the one started here exits once it owns it.
        const result = await tools.run('xclip', xclipArgs.write(content), { input, output: false });
        if (result.code !== 0) throw new Error(toolFailure('xclip', result));
      });
    },
  };
}
