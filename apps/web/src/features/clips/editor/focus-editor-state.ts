/** Where the caret (or selection) was in a text box. */
export interface EditorCaret {
  start: number;
  end: number;
}

/**
 * Navigation state asking the clip page arrived at to put the cursor in its text box, where it was in the
 * text box left behind: the page changes, the person typing should not notice.
 */
export interface FocusEditorState {
  focusEditor: true;
  caret?: EditorCaret;
}

/** The state for a page change made while `field` may hold the caret (it does when it has the focus). */
export function focusEditorState(field: Element | null): FocusEditorState {
  if (!(field instanceof HTMLTextAreaElement) || field !== document.activeElement) return { focusEditor: true };
  return { focusEditor: true, caret: { start: field.selectionStart, end: field.selectionEnd } };
}

/** What the page arrived at was asked: nothing, or the focus with the caret where it was. */
export function editorFocusAskedBy(state: unknown): FocusEditorState | null {
  if (typeof state !== 'object' || state === null || !('focusEditor' in state) || state.focusEditor !== true) {
    return null;
  }
  const caret = 'caret' in state ? state.caret : undefined;
  return isCaret(caret) ? { focusEditor: true, caret } : { focusEditor: true };
}

function isCaret(value: unknown): value is EditorCaret {
  return (
    typeof value === 'object' &&
    value !== null &&
    'start' in value &&
    'end' in value &&
    Number.isInteger(value.start) &&
    Number.isInteger(value.end)
  );
}
