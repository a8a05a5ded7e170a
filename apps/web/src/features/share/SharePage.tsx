import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../session/auth-context';
import { RouteFallback } from '../../ui/RouteFallback';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { notReceivedText } from '../../pwa/not-received';
import { shareContent } from '../../pwa/share-inbox';
import { shareSenderOf } from '../../pwa/share-source';
import { claimTokenOf, useClaimShare } from './use-claim-share';
import { useWaitingShares } from './use-waiting-shares';
import { WaitingShareCard } from './WaitingShareCard';

/**
 * /share, where a share from the phone's share sheet lands: kept by the service worker, or by the server under
 * a claim link (`#claim=<token>`) when no worker caught it. The signed-in user sees what is waiting and saves
 * it as a clip (which then opens), sends it to one of their devices, or discards it. A signed-out visitor goes
 * to /auth first, and the public guard brings them back here, fragment and all, after login.
 */
export default function SharePage() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <RouteFallback />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  const claimToken = claimTokenOf(location.hash);
  return claimToken ? <ClaimShare token={claimToken} /> : <WaitingShares />;
}

/** Every share the service worker keeps, oldest first, each saved or discarded on its own. */
function WaitingShares() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { shares, stateOf, save, discard, prepareSend } = useWaitingShares({
    onFileRefused: (file) => toast.error({ title: t('shareTarget.failed'), description: file.name }),
    onSavedWithOthersWaiting: (clipId) =>
      toast.success({
        title: t('shareTarget.saved'),
        action: { label: t('shareTarget.openClip'), onClick: () => void navigate(`/clips/${clipId}`) },
      }),
  });
  const notReceived = notReceivedText(t, search);
  return (
    <ShareScreen>
      {notReceived && <p role="alert">{notReceived}</p>}
      {shares && shares.length > 0 && (
        <>
          <p>{t('shareTarget.confirm', { count: shares.length })}</p>
          <ul aria-label={t('shareTarget.waiting')} className="flex w-full flex-col gap-3">
            {shares.map((share) => (
              <WaitingShareCard
                key={share.id}
                content={shareContent(share)}
                fileNames={share.files.map((file) => file.name)}
                sender={shareSenderOf(share.from, window.location.origin)}
                receivedAt={new Date(share.receivedAt).toISOString()}
                state={stateOf(share.id)}
                save={() => save(share.id)}
                discard={() => discard(share.id)}
                prepareSend={() => prepareSend(share.id)}
              />
            ))}
          </ul>
        </>
      )}
      {shares?.length === 0 && !notReceived && <p>{t('shareTarget.nothing')}</p>}
      {shares?.length === 0 && <ToDashboard />}
    </ShareScreen>
  );
}

/** A share the server kept under a claim link: it cannot know who sent it, so it says so. */
function ClaimShare({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { state, waiting, save, discard, prepareSend } = useClaimShare(token, (message) =>
    toast.error({ title: t('shareTarget.failed'), description: message }),
  );
  return (
    <ShareScreen>
      {waiting && (state === 'ready' || state === 'saving' || state === 'failed') && (
        <>
          <p>{t('shareTarget.confirm', { count: 1 })}</p>
          <ul aria-label={t('shareTarget.waiting')} className="flex w-full flex-col gap-3">
            <WaitingShareCard
              content={waiting.content}
              fileNames={waiting.files.map((file) => file.name)}
              sender={{ kind: 'server' }}
              state={state}
              save={save}
              discard={discard}
              prepareSend={prepareSend}
            />
          </ul>
        </>
      )}
      {state === 'nothing' && <p>{t('shareTarget.claimGone')}</p>}
      {(state === 'nothing' || state === 'failed') && <ToDashboard />}
    </ShareScreen>
  );
}

function ShareScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-bold">{t('shareTarget.title')}</h1>
      {children}
    </main>
  );
}

function ToDashboard() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="secondary">
      <Link to="/dashboard">{t('shareTarget.toDashboard')}</Link>
    </Button>
  );
}
