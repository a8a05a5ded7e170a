import { useEffect, useEffectEvent } from 'react';
import { shortcutOf } from './shortcuts';

/** Ctrl/Cmd+Enter and Ctrl/Cmd+S call `onSave` while `isEnabled` (the browser's own save dialog never opens). */
export function useSaveShortcut(onSave: () => void, isEnabled: boolean) {
  const save = useEffectEvent(onSave);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (shortcutOf(event) !== 'save') return;
      event.preventDefault();
      if (isEnabled) save();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
