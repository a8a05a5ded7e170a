import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareClaim } from '../../api/share-claim-queries';
import { notReceivedText } from '../../pwa/not-received';
import { listWaitingShares, shareContent } from '../../pwa/share-inbox';
import { SHARE_PAGE_PATH } from '../../pwa/sw-routes';

/** Where the signed-out share page sent its visitor from (SharePage.tsx): its query and fragment say what waits. */
export interface ShareOrigin {
  pathname?: string;
  search?: string;
  hash?: string;
}

/** The share page the visitor came from, if they came from it. */
export const shareOriginOf = (from: ShareOrigin | undefined): ShareOrigin | undefined =>
  from?.pathname === SHARE_PAGE_PATH ? from : undefined;

interface WaitingCounts {
  files: number;
  notes: number;
}

/**
 * Above the sign-in a share sent the visitor to: a share that was refused says why (the limit it broke) first,
 * and what waits is named ("2 files and a note are waiting — sign in to save them"), so the sign-in is asked
 * for a reason the visitor can see. What waits is under the claim link (the server kept it) or in this
 * browser's inbox (the service worker kept it).
 */
export function ShareWaitingNotice({ from }: { from: ShareOrigin }) {
  const { t } = useTranslation();
  const refusal = notReceivedText(t, from.search ?? '');
  const claimToken = new URLSearchParams((from.hash ?? '').replace(/^#/, '')).get('claim');
  return (
    <div className="mt-4 space-y-2 text-sm">
      {refusal && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {refusal}
        </p>
      )}
      {claimToken ? <ClaimedWaiting token={claimToken} /> : <InboxWaiting />}
    </div>
  );
}

function ClaimedWaiting({ token }: { token: string }) {
  const claim = useShareClaim(token);
  if (!claim.data) return null;
  return <WaitingLine counts={{ files: claim.data.files.length, notes: claim.data.content ? 1 : 0 }} />;
}

function InboxWaiting() {
  const [counts, setCounts] = useState<WaitingCounts>();
  useEffect(() => {
    let isCurrent = true;
    // A browser whose storage is off has nothing waiting in it: the notice is then left out, not an error.
    listWaitingShares()
      .then((shares) => {
        const files = shares.reduce((sum, share) => sum + share.files.length, 0);
        const notes = shares.filter((share) => shareContent(share) !== '').length;
        if (isCurrent) setCounts({ files, notes });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return counts ? <WaitingLine counts={counts} /> : null;
}

function WaitingLine({ counts: { files, notes } }: { counts: WaitingCounts }) {
  const { t } = useTranslation();
  const parts = [
    files > 0 ? t('shareWaiting.files', { count: files }) : undefined,
    notes > 0 ? t('shareWaiting.notes', { count: notes }) : undefined,
  ].filter((part): part is string => part !== undefined);
  if (parts.length === 0) return null;
  const [first = '', second] = parts;
  const what = second === undefined ? first : t('shareWaiting.both', { first, second });
  return (
    <p role="status" className="rounded-lg bg-indigo-50 p-3 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
      {t('shareWaiting.waiting', { what, count: files + notes })}
    </p>
  );
}
