import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SendToDeviceDialog, type SendContent } from '../../components/SendToDeviceDialog';
import { useAuth } from '../../session/auth-context';
import { RouteFallback } from '../../ui/RouteFallback';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { shareContent } from '../../pwa/share-inbox';
import { claimTokenOf, useClaimShare } from './use-claim-share';
import { useSaveShare, type SaveShareState } from './use-save-share';

/**
 * Where the server sends a share it could not keep (modules/share-claims/share-target.routes.ts), with why:
 * `rate-limited`, `busy`, `too-large`, or nothing when it carried nothing.
 */
export const NOT_RECEIVED_PARAM = 'not-received';

const NOT_RECEIVED_TEXT: Record<string, string> = {
  'rate-limited': 'shareTarget.notReceivedRateLimited',
  busy: 'shareTarget.notReceivedBusy',
  'too-large': 'shareTarget.notReceivedTooLarge',
};

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
  return claimToken ? <ClaimShare token={claimToken} /> : <SaveShare />;
}

function SaveShare() {
  const { t } = useTranslation();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const { state, waiting, save, discard, prepareSend } = useSaveShare((file) =>
    toast.error({ title: t('shareTarget.failed'), description: file.name }),
  );
  const reason = searchParams.get(NOT_RECEIVED_PARAM);
  const nothing = reason === null ? 'shareTarget.nothing' : (NOT_RECEIVED_TEXT[reason] ?? 'shareTarget.notReceived');
  return (
    <ShareScreen
      state={state}
      waiting={waiting && { content: shareContent(waiting), fileNames: waiting.files.map((file) => file.name) }}
      nothing={t(nothing)}
      save={save}
      discard={discard}
      prepareSend={prepareSend}
    />
  );
}

function ClaimShare({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { state, waiting, save, discard, prepareSend } = useClaimShare(token, (message) =>
    toast.error({ title: t('shareTarget.failed'), description: message }),
  );
  return (
    <ShareScreen
      state={state}
      waiting={waiting && { content: waiting.content, fileNames: waiting.files.map((file) => file.name) }}
      nothing={t('shareTarget.claimGone')}
      save={save}
      discard={discard}
      prepareSend={prepareSend}
    />
  );
}

interface ShareScreenProps {
  state: SaveShareState;
  waiting: { content: string; fileNames: string[] } | undefined;
  /** What to say when nothing waits. */
  nothing: string;
  save: () => void;
  discard: () => void;
  /** What "Send to a device" sends; undefined when it cannot (the state then says why). */
  prepareSend: () => Promise<SendContent | undefined>;
}

/** The one screen of both ways a share waits: what it holds, Save as a clip, Send to a device and Discard. */
function ShareScreen({ state, waiting, nothing, save, discard, prepareSend }: ShareScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState<SendContent | null>(null);
  const [hasSent, setHasSent] = useState(false);
  const openPicker = () => void prepareSend().then((content) => content && setSending(content));
  // A clip saved for the send opens, as after Save; text that was sent is done with, as after Discard.
  const closePicker = () => {
    setSending(null);
    if (sending && 'clipId' in sending) void navigate(`/clips/${sending.clipId}`, { replace: true });
    else if (hasSent) discard();
  };
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
            {waiting.content && <p className="line-clamp-6 whitespace-pre-wrap break-words">{waiting.content}</p>}
            {waiting.fileNames.length > 0 && (
              <ul
                aria-label={t('shareTarget.files')}
                className="mt-2 list-inside list-disc text-slate-600 dark:text-slate-300"
              >
                {waiting.fileNames.map((name, index) => (
                  <li key={`${index}-${name}`} className="truncate">
                    {name}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={save}>{t('shareTarget.save')}</Button>
            <Button variant="secondary" onClick={openPicker}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {t('deviceSends.title')}
            </Button>
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
      {state === 'nothing' && <p>{nothing}</p>}
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
      <SendToDeviceDialog content={sending} onSent={() => setHasSent(true)} onClose={closePicker} />
    </main>
  );
}
