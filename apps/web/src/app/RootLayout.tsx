import { Outlet } from 'react-router';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useRouteTitle } from './use-route-title';

/** Around every route: the tab's title and the app-wide keyboard shortcuts with their `?` list. */
export function RootLayout() {
  useRouteTitle();
  const { isHelpOpen, setIsHelpOpen } = useGlobalShortcuts();
  return (
    <>
      <Outlet />
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
    </>
  );
}
