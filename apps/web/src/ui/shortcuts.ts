/** What a key press asks for: the clip save, or one of the app-wide single-key shortcuts. */
export type Shortcut = 'save' | 'search' | 'newClip' | 'help';

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

/** Typing in a field (or in editable content) keeps its keys: `/`, `n` and `?` are letters there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // `isContentEditable` is the browser's answer; the attribute check covers environments without it.
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Ctrl/Cmd+Enter and Ctrl/Cmd+S save (even from the text area: that is where one edits); `/`, `n` and `?`
 * only outside fields and without Ctrl, Cmd or Alt (`?` needs Shift on most layouts, so Shift is allowed there).
 */
export function shortcutOf(press: KeyPress): Shortcut | null {
  const hasCommand = press.ctrlKey || press.metaKey;
  if (hasCommand && !press.altKey && !press.shiftKey) {
    if (press.key === 'Enter' || press.key.toLowerCase() === 's') return 'save';
    return null;
  }
  if (hasCommand || press.altKey || isTypingTarget(press.target)) return null;
  if (press.key === '?') return 'help';
  if (press.shiftKey) return null;
  if (press.key === '/') return 'search';
  if (press.key === 'n') return 'newClip';
  return null;
}
