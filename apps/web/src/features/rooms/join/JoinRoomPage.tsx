import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useJoinRoom } from '../../../api/room-mutations';
import { Button } from '../../../ui/Button';

/**
 * An invite link (`/rooms/join/{token}`): the signed-in guard has already sent a signed-out visitor to
 * log in and back. The token is spent once on arrival and the member lands in the room; the history entry
 * of the link is replaced, so Back does not join again. A dead link says so here, without a toast on top.
 */
export default function JoinRoomPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const joinRoom = useJoinRoom({
    onSuccess: ({ roomId }) => void navigate(`/rooms/${roomId}`, { replace: true }),
  });

  // StrictMode runs effects twice on mount, keeping refs: each token is asked for once.
  const joinedToken = useRef<string | null>(null);
  const join = useEffectEvent((shareToken: string) => joinRoom.mutate(shareToken));
  useEffect(() => {
    if (joinedToken.current === token) return;
    joinedToken.current = token;
    join(token);
  }, [token]);

  if (joinRoom.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-slate-700 dark:text-slate-200">
          {t('rooms.joinFailed')}
        </p>
        <Button asChild variant="secondary">
          <Link to="/rooms">{t('rooms.backToRooms')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3 px-4 py-16 text-slate-700 dark:text-slate-200">
      <Loader2 className="h-8 w-8 animate-spin text-indigo-600" aria-hidden="true" />
      <p>{t('rooms.joining')}</p>
    </div>
  );
}
