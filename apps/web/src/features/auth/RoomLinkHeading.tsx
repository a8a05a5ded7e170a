import type { RoomLinkPreviewRequest } from '@clipsync/shared';
import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useRoomLinkPreview } from '../../api/room-queries';
import { ReportLinkButton } from '../../components/ReportLinkButton';
import { useRoomLinkTakenDown } from '../../realtime/use-room-link-taken-down';

/** The room links a signed-out visitor may arrive from: an invite link and a mailed invitation. */
const ROOM_LINK = /^\/rooms\/(join|invite)\/([^/]+)\/?$/;

/** The room link a path is, if it is one (the page the visitor was headed to before signing in). */
export function roomLinkOf(pathname: string | undefined): RoomLinkPreviewRequest | null {
  const match = pathname ? ROOM_LINK.exec(pathname) : null;
  if (!match?.[2]) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return { kind: match[1] === 'invite' ? 'invite' : 'join', token };
}

/**
 * Above the sign-in and sign-up forms when the visitor came by a room's link: which room signing in leads
 * into. The server names it only for a link that still works; otherwise nothing is said here, and the link
 * itself explains after sign-in. A room taken down while the page is open says so at once, without a reload.
 */
export function RoomLinkHeading({ link, isSignUp }: { link: RoomLinkPreviewRequest; isSignUp: boolean }) {
  const { t } = useTranslation();
  const preview = useRoomLinkPreview(link);
  const [isRemoved, setIsRemoved] = useState(false);
  useRoomLinkTakenDown(link, preview.data !== undefined && !isRemoved, () => setIsRemoved(true));
  if (isRemoved || (preview.error instanceof ApiError && preview.error.code === 'TAKEN_DOWN')) {
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        {t('moderation.takenDown')}
      </p>
    );
  }
  if (!preview.data) return null;
  return (
    <>
      <p className="mt-4 flex items-center gap-2 rounded-xl bg-indigo-100 px-4 py-3 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        <DoorOpen className="h-5 w-5 shrink-0" aria-hidden="true" />
        {t(isSignUp ? 'auth.signUpToJoinRoom' : 'auth.signInToJoinRoom', { name: preview.data.name })}
      </p>
      {/* A room's share link is what a stranger may pass around; a mailed invitation is for one address. */}
      {link.kind === 'join' && (
        <div className="mt-2 flex justify-end">
          <ReportLinkButton kind="room" link={link.token} />
        </div>
      )}
    </>
  );
}
