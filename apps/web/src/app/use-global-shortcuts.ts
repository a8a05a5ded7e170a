import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../session/auth-context';
import { shortcutOf } from '../ui/shortcuts';

/** The search field of the page that has one (the filter bar's), found by its role, not by its file. */
const SEARCH_FIELD = 'main input[type="search"], main [role="searchbox"]';

/**
 * The app-wide keys: `/` focuses the page's search, `n` opens a new clip (signed in), `?` lists the
 * shortcuts. They never fire while typing in a field or with Ctrl, Cmd or Alt (`shortcutOf`).
 */
export function useGlobalShortcuts() {
  const navigate = useNavigate();
  const isSignedIn = useAuth().status === 'signedIn';
  const [isHelpOpen, setIsHelpOpen] = useState(false);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const shortcut = shortcutOf(event);
    if (shortcut === 'help') {
      event.preventDefault();
      setIsHelpOpen(true);
    } else if (shortcut === 'search') {
      const field = document.querySelector<HTMLElement>(SEARCH_FIELD);
      if (!field) return;
      event.preventDefault();
      field.focus();
    } else if (shortcut === 'newClip' && isSignedIn && window.location.pathname !== '/new-clip') {
      event.preventDefault();
      void navigate('/new-clip');
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return { isHelpOpen, setIsHelpOpen };
}
