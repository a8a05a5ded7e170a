import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** What the editor's leave dialog needs: whether a navigation waits, and the two answers. */
export interface UnsavedChangesGuard {
  isAsking: boolean;
  leave: () => void;
  stay: () => void;
}

/**
 * Typed text and chosen files are not thrown away unasked: closing or reloading the tab gets the
 * browser's own warning, and leaving inside the app waits for the app's own dialog (`LeaveUnsavedDialog`).
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean): UnsavedChangesGuard {
  const blocker = useBlocker(hasUnsavedChanges);
  // One answer per blocked navigation: the dialog's confirm also closes it, which must not reset the leave.
  const hasAnswered = useRef(false);
  useEffect(() => {
    if (blocker.state === 'blocked') hasAnswered.current = false;
  }, [blocker.state]);
  const answer = (shouldLeave: boolean) => {
    if (hasAnswered.current || blocker.state !== 'blocked') return;
    hasAnswered.current = true;
    if (shouldLeave) blocker.proceed();
    else blocker.reset();
  };

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);

  return {
    isAsking: blocker.state === 'blocked',
    leave: () => answer(true),
    stay: () => answer(false),
  };
}
