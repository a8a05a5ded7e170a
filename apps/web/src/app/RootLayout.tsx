import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { UpgradePrompt } from '../components/UpgradePrompt';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useRouteTitle } from './use-route-title';

/**
 * Around every route: a skip link to the page's `main` (the first stop of the Tab key, so a keyboard user
 * need not cross the sidebar on every page), the tab's title, the app-wide keyboard shortcuts and the
 * upgrade prompt a plan refusal opens.
 */
export function RootLayout() {
  const { t } = useTranslation();
  useRouteTitle();
  const { isHelpOpen, setIsHelpOpen } = useGlobalShortcuts();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-slate-900 dark:text-indigo-300"
      >
        {t('shell.skipToContent')}
      </a>
      <Outlet />
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
      <UpgradePrompt />
    </>
  );
}
