import { useCallback, useEffect, useState } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
const STORAGE_KEY = 'clipsync.theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readChoice(): ThemeChoice {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

function apply(choice: ThemeChoice): void {
  const isDark = choice === 'dark' || (choice === 'system' && darkQuery().matches);
  document.documentElement.classList.toggle('dark', isDark);
}

/** Light, dark, or following the system setting (and its changes); the choice is remembered. */
export function useTheme(): { theme: ThemeChoice; setTheme: (choice: ThemeChoice) => void } {
  const [theme, setThemeState] = useState<ThemeChoice>(readChoice);

  useEffect(() => {
    apply(theme);
    if (theme !== 'system') return;
    const query = darkQuery();
    const onChange = () => apply('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  const setTheme = useCallback((choice: ThemeChoice) => {
    localStorage.setItem(STORAGE_KEY, choice);
    setThemeState(choice);
  }, []);
  return { theme, setTheme };
}
