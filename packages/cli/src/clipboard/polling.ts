import type { ClipboardReading } from './content';

/**
 * Follows a clipboard that offers no change notification (xclip, pbpaste, PowerShell) by reading it every
 * `intervalMs`, one read at a time. `read` answers null for an empty clipboard or one holding something
 * else (a file list, rich text only). The same problem is reported once, not on every poll.
 */
export function pollClipboard(
  read: () => Promise<ClipboardReading | null>,
  intervalMs: number,
  onContent: (content: ClipboardReading | null) => void,
  onProblem: (message: string) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastProblem: string | null = null;
  const tick = async () => {
    try {
      const content = await read();
      lastProblem = null;
      if (!stopped) onContent(content);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!stopped && message !== lastProblem) onProblem(message);
      lastProblem = message;
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
