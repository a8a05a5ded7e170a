/** Navigation state asking the clip page arrived at to put the cursor in its text box. */
export const FOCUS_EDITOR_STATE = { focusEditor: true } as const;

export function asksToFocusEditor(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'focusEditor' in state && state.focusEditor === true;
}
