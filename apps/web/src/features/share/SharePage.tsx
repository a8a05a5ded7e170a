import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../session/auth-context';
import { RouteFallback } from '../../ui/RouteFallback';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { useSaveShare } from './use-save-share';

/** Where the server sends a share that no service worker caught (apps/server/src/plugins/share-target.ts). */
export const NOT_RECEIVED_PARAM = 'not-received';

/**
 * /share, where the service worker sends the phone's share sheet: the signed-in user's share becomes a clip
 * and opens. A signed-out visitor goes to /auth first, and the public guard brings them back here after
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
  const { state, retry } = useSaveShare((file) =>
    toast.error({ title: t('shareTarget.failed'), description: file.name }),
  );
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-bold">{t('shareTarget.title')}</h1>
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
          <Button onClick={retry}>{t('shareTarget.retry')}</Button>
        </>
      )}
      {state !== 'saving' && (
        <Button asChild variant="secondary">
          <Link to="/dashboard">{t('shareTarget.toDashboard')}</Link>
        </Button>
      )}
    </main>
  );
}
