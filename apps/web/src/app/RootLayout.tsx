import { lazy, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { upgradePrompt } from '../components/upgrade-prompt';
import { withAppTexts } from '../i18n';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { updatePrompt } from '../pwa/update-prompt';
import { LazyPart } from '../ui/LazyPart';
import { useHasOpened } from '../ui/use-has-opened';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useRouteTitle } from './use-route-title';

// Both dialogs (and Radix Dialog with them) load the first time they open: most visits open neither, and
// the landing page's first load stays within its budget (bench/README.md, landing). They speak with every
// page's texts, which the landing page has not loaded yet (src/i18n): those come with them.
const ShortcutsDialog = lazy(
  withAppTexts(async () => ({ default: (await import('./ShortcutsDialog')).ShortcutsDialog })),
);
const UpgradePrompt = lazy(
  withAppTexts(async () => ({ default: (await import('../components/UpgradePrompt')).UpgradePrompt })),
);
// The installed app's new-version prompt (and the Button styles it brings) loads only when a new version waits.
const UpdatePrompt = lazy(async () => ({ default: (await import('../pwa/UpdatePrompt')).UpdatePrompt }));

// Also the server snapshot: the build prerenders the landing page inside this layout (src/prerender).
const isUpgradeOffered = () => upgradePrompt.getOffered() !== null;
const isUpdateWaiting = () => updatePrompt.getWaiting() !== null;

/**
 * Around every route: a skip link to the page's `main` (the first stop of the Tab key, so a keyboard user
 * need not cross the sidebar on every page), the tab's title, the app-wide keyboard shortcuts and the
 * upgrade prompt a plan refusal opens; the offline banner and the new-version prompt of the installed app.
 */
export function RootLayout() {
  const { t } = useTranslation();
  useRouteTitle();
  const { isHelpOpen, setIsHelpOpen } = useGlobalShortcuts();
  const hasHelpOpened = useHasOpened(isHelpOpen);
  const isUpdateOffered = useSyncExternalStore(updatePrompt.subscribe, isUpdateWaiting, () => false);
  const hasUpgradeOpened = useHasOpened(
    useSyncExternalStore(upgradePrompt.subscribe, isUpgradeOffered, isUpgradeOffered),
  );
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-slate-900 dark:text-indigo-300"
      >
        {t('shell.skipToContent')}
      </a>
      <OfflineBanner />
      <Outlet />
      {isUpdateOffered && (
        <LazyPart>
          <UpdatePrompt />
        </LazyPart>
      )}
      {hasHelpOpened && (
        <LazyPart>
          <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
        </LazyPart>
      )}
      {hasUpgradeOpened && (
        <LazyPart>
          <UpgradePrompt />
        </LazyPart>
      )}
    </>
  );
}
