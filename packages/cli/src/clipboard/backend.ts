import type { ClipboardContent, ClipboardReading } from './content';

/** Follows one OS clipboard: every backend (Wayland, X11, macOS, Windows) answers to this. */
export interface ClipboardBackend {
  /** How `watch` names it to the user: "X11 (xclip)". */
  readonly name: string;
  /** Whether it reads and writes images as well as text. */
  readonly images: boolean;
  /**
   * Calls `onContent` with what the clipboard holds whenever it may have changed, null when that is nothing
   * it follows (empty, a file list…), first with what it holds at the start; an entry a password manager
   * marked as secret or transient comes as a concealed one. A polling backend calls it on every poll: the
   * caller drops repeats. `onProblem` hears a failure to read the user should know of.
   * Answers the function that stops following, its child processes killed.
   */
  follow(
    onContent: (content: ClipboardReading | null) => void,
    onProblem: (message: string) => void,
  ): () => Promise<void>;
  /** Puts a content in the clipboard; resolves once the clipboard holds it. */
  write(content: ClipboardContent): Promise<void>;
}
