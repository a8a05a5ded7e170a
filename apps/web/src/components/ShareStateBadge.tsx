import type { ClipShareSettings } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useTimeUntil } from './RelativeTime';

/** The clip's content went with its link (the owner chose "Delete the clip when the link ends"). */
export const isEmptiedByLink = (share: ClipShareSettings | undefined): boolean =>
  Boolean(share?.state && share.deleteAfter);

/**
 * What the owner's card says of the clip's link, when there is something to say: it ended (and whether the
 * content went with it), or the clip deletes itself when it ends.
 */
export function useShareStateLabel(share: ClipShareSettings | undefined): string | null {
  const { t } = useTranslation();
  const timeUntil = useTimeUntil();
  if (!share) return null;
  if (share.state) return t(share.deleteAfter ? `shareState.${share.state}` : `shareState.linkEnded.${share.state}`);
  if (!share.deleteAfter || share.linkId === null) return null;
  if (share.viewsLeft === 0) return t('shareState.deletesSoon');
  if (share.expiresAt && share.viewsLeft !== null) {
    return t('shareState.deletesInOrAfterViews', { when: timeUntil(share.expiresAt), count: share.viewsLeft });
  }
  if (share.expiresAt) return t('shareState.deletesIn', { when: timeUntil(share.expiresAt) });
  if (share.viewsLeft !== null) return t('shareState.deletesAfterViews', { count: share.viewsLeft });
  return null;
}

export function ShareStateBadge({ share }: { share: ClipShareSettings | undefined }) {
  const label = useShareStateLabel(share);
  if (!label) return null;
  return (
    <p className="relative mt-2">
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {label}
      </span>
    </p>
  );
}
