import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../session/auth-context';
import { RouteFallback } from '../../ui/RouteFallback';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { shareContent } from '../../pwa/share-inbox';
import { useSaveShare } from './use-save-share';

/** Where the server sends a share that no service worker caught (apps/server/src/plugins/share-target.ts). */
export const NOT_RECEIVED_PARAM = 'not-received';

/**
 * /share, where the service worker sends the phone's share sheet: the signed-in user sees what is waiting and
 * saves it as a clip (which then opens) or discards it. A signed-out visitor goes to /auth first, and the public guard brings them back here after
 * login: the share waits in IndexedDB meanwhile.
 */
export default function SharePage() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <RouteFallback />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  return <SaveShare />;
}

function SaveShare() {
  const { t } = useTranslation();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const { state, waiting, save, discard } = useSaveShare((file) =>
    toast.error({ title: t('shareTarget.failed'), description: file.name }),
  );
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-bold">{t('shareTarget.title')}</h1>
      {state === 'ready' && waiting && (
        <>
          <p>{t('shareTarget.confirm')}</p>
          <div className="w-full rounded-lg border border-slate-200 p-3 text-left text-sm dark:border-slate-700">
            {shareContent(waiting) && (
              <p className="line-clamp-6 whitespace-pre-wrap break-words">{shareContent(waiting)}</p>
            )}
            {waiting.files.length > 0 && (
              <ul
                aria-label={t('shareTarget.files')}
                className="mt-2 list-inside list-disc text-slate-600 dark:text-slate-300"
              >
                {waiting.files.map((file, index) => (
                  <li key={`${index}-${file.name}`} className="truncate">
                    {file.name}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex gap-3">
            <Button onClick={save}>{t('shareTarget.save')}</Button>
            <Button variant="secondary" onClick={discard}>
              {t('shareTarget.discard')}
            </Button>
          </div>
        </>
      )}
      {state === 'saving' && (
        <p role="status" className="flex items-center gap-2">
          <Loader2 className="h-5 w-5 animate-spin text-indigo-600" aria-hidden="true" />
          {t('shareTarget.saving')}
        </p>
      )}
      {state === 'nothing' && (
        <p>{t(searchParams.has(NOT_RECEIVED_PARAM) ? 'shareTarget.notReceived' : 'shareTarget.nothing')}</p>
      )}
      {state === 'failed' && (
        <>
          <p role="alert">{t('shareTarget.failed')}</p>
          <Button onClick={save}>{t('shareTarget.retry')}</Button>
        </>
      )}
      {(state === 'nothing' || state === 'failed') && (
        <Button asChild variant="secondary">
          <Link to="/dashboard">{t('shareTarget.toDashboard')}</Link>
        </Button>
      )}
    </main>
  );
}
