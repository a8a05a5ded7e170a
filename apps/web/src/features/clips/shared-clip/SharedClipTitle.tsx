import type { ClipShareSettings } from '@clipsync/shared';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EncryptedBadge } from '../../../components/EncryptedBadge';
import { endedLinkOf, useEndedByline } from '../../../components/share-ended';

interface SharedClipTitleProps {
  isOwn?: boolean;
  /** The owner's display name, when the clip has loaded: a viewer reads whose clip it is. */
  ownerName?: string;
  /** End-to-end encrypted: the lock badge says the server cannot read it. */
  isEncrypted?: boolean;
  /** The owner's link settings (none: the default link), which decide who else may open it. */
  share?: ClipShareSettings;
}

/**
 * The 'Shared Clip' title; the owner also reads that the clip is theirs and who may do what with it
 * (the server keeps no record of who opened a link, so that is all it can honestly say): nobody else once
 * its link is stopped or ended (how and when). A viewer reads whose it is.
 */
export function SharedClipTitle({ isOwn = false, ownerName, isEncrypted = false, share }: SharedClipTitleProps) {
  const { t } = useTranslation();
  const endedByline = useEndedByline();
  const ended = endedLinkOf(share);
  const ownerByline = ended
    ? endedByline(ended)
    : share?.linkId === null
      ? t('editor.ownerNoLink')
      : t('editor.ownerAudience');
  const byline = isOwn ? ownerByline : ownerName ? t('editor.sharedBy', { name: ownerName }) : null;
  return (
    <div className="mb-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('editor.sharedTitle')}</h1>
        {isOwn && (
          <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
            <UserRound className="h-3.5 w-3.5" aria-hidden="true" />
            {t('shell.yourClip')}
          </span>
        )}
        {isEncrypted && <EncryptedBadge />}
      </div>
      {byline && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{byline}</p>}
    </div>
  );
}
