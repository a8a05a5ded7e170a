import { AlertTriangle, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { SendToDeviceDialog, type SendContent } from '../../components/SendToDeviceDialog';
import type { ShareSender } from '../../pwa/share-source';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import type { WaitingShareState } from './use-waiting-shares';

/** Who sent a share: as the browser named it (share-source.ts), or the server's claim link, which names no one. */
export type WaitingShareSender = ShareSender | { kind: 'server' };

export interface WaitingShareCardProps {
  content: string;
  fileNames: string[];
  sender: WaitingShareSender;
  /** When it arrived (ISO); unknown for a claim link. */
  receivedAt?: string;
  state: WaitingShareState;
  save: () => void;
  discard: () => void;
  /** What "Send to a device" sends; undefined when it cannot (the state then says why). */
  prepareSend: () => Promise<SendContent | undefined>;
}

/**
 * One share waiting to be saved: who sent it and when, what it holds, Save as a clip, Send to a device and
 * Discard. Any website can post a share, so one another site sent is marked as such, with a warning.
 */
export function WaitingShareCard(props: WaitingShareCardProps) {
  const { content, fileNames, sender, receivedAt, state, save, discard, prepareSend } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState<SendContent | null>(null);
  const [hasSent, setHasSent] = useState(false);
  const openPicker = () => void prepareSend().then((sent) => sent && setSending(sent));
  // A clip saved for the send opens, as after Save; text that was sent is done with, as after Discard.
  const closePicker = () => {
    setSending(null);
    if (sending && 'clipId' in sending) void navigate(`/clips/${sending.clipId}`, { replace: true });
    else if (hasSent) discard();
  };
  const senderText = useSenderText(sender);
  const isUnvouched = sender.kind === 'other-site' || sender.kind === 'server';
  return (
    <li
      aria-label={senderText}
      className={cn(
        'flex w-full flex-col gap-3 rounded-lg border p-3 text-left text-sm',
        sender.kind === 'other-site'
          ? 'border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950/40'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700 dark:text-slate-200">
        {sender.kind === 'other-site' && (
          <AlertTriangle className="h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        )}
        <span className={cn(sender.kind === 'other-site' && 'font-semibold break-all')}>{senderText}</span>
        {receivedAt && (
          <span className="text-slate-500 dark:text-slate-400">
            · <RelativeTime iso={receivedAt} />
          </span>
        )}
      </p>
      {isUnvouched && <p className="text-amber-800 dark:text-amber-200">{t('shareTarget.unvouchedWarning')}</p>}
      {content && <p className="line-clamp-6 whitespace-pre-wrap break-words">{content}</p>}
      {fileNames.length > 0 && (
        <ul aria-label={t('shareTarget.files')} className="list-inside list-disc text-slate-600 dark:text-slate-300">
          {fileNames.map((name, index) => (
            <li key={`${index}-${name}`} className="truncate">
              {name}
            </li>
          ))}
        </ul>
      )}
      {state === 'ready' && (
        <div className="flex flex-wrap gap-3">
          <Button onClick={save}>{t('shareTarget.save')}</Button>
          <Button variant="secondary" onClick={openPicker}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {t('deviceSends.title')}
          </Button>
          <Button variant="secondary" onClick={discard}>
            {t('shareTarget.discard')}
          </Button>
        </div>
      )}
      {state === 'saving' && (
        <p role="status" className="flex items-center gap-2">
          <Loader2 className="h-5 w-5 animate-spin text-indigo-600" aria-hidden="true" />
          {t('shareTarget.saving')}
        </p>
      )}
      {state === 'failed' && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert">{t('shareTarget.failed')}</p>
          <Button onClick={save}>{t('shareTarget.retry')}</Button>
          <Button variant="secondary" onClick={discard}>
            {t('shareTarget.discard')}
          </Button>
        </div>
      )}
      <SendToDeviceDialog content={sending} onSent={() => setHasSent(true)} onClose={closePicker} />
    </li>
  );
}

function useSenderText(sender: WaitingShareSender): string {
  const { t } = useTranslation();
  switch (sender.kind) {
    case 'other-site':
      return t('shareTarget.fromOtherSite', { origin: sender.origin });
    case 'this-site':
      return t('shareTarget.fromThisSite');
    case 'no-site':
      return t('shareTarget.fromDevice');
    case 'not-recorded':
      return t('shareTarget.fromNotRecorded');
    case 'server':
      return t('shareTarget.fromServer');
  }
}
