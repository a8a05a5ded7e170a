import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { OfflineBanner } from '../../pwa/OfflineBanner';
import { Button } from '../../ui/Button';
import { failedModuleUrl, isChunkLoadError } from './chunk-load';
import { claimReloadFor, newVersionOnServer } from './new-version';

const pageEntry = () => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;

/** Reloads into the server's new build, once (new-version.ts), when the failed chunk was the old build's. */
function useReloadIntoNewVersion(error: unknown) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    let isCurrent = true;
    void newVersionOnServer(failedModuleUrl(error), pageEntry()).then((version) => {
      if (isCurrent && version && claimReloadFor(version, sessionStorage)) window.location.reload();
    });
    return () => {
      isCurrent = false;
    };
  }, [error]);
}

/**
 * What any route shows in place of the router's developer page: a page whose code could not load offers
 * Reload (its load was already retried, router.tsx); any other failure says so, with the way home. In the
 * main bundle and with the landing texts, so that it shows when nothing else can load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isLoadFailure = isChunkLoadError(error);
  const title = t(isLoadFailure ? 'routeError.loadTitle' : 'routeError.title');
  useReloadIntoNewVersion(error);
  useEffect(() => console.error('The page failed:', error), [error]);
  useEffect(() => {
    document.title = t('shell.pageTitle', { page: title });
  }, [t, title]);
  return (
    <>
      <OfflineBanner />
      <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="max-w-md text-slate-600 dark:text-slate-300">
          {t(isLoadFailure ? 'routeError.loadBody' : 'routeError.body')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          {/* A whole new page: whatever failed in this one starts again. */}
          <Button asChild variant="secondary">
            <a href="/">{t('routeError.home')}</a>
          </Button>
        </div>
      </main>
    </>
  );
}
