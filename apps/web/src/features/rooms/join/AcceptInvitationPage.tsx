import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptInvitation } from '../../../api/room-mutations';
import { Button } from '../../../ui/Button';

/**
 * A mailed room invitation (`/rooms/invite/{token}`): the signed-in guard has already sent a signed-out
 * visitor to log in (or sign up) and back. The invitation is accepted once on arrival, as the account
 * it was sent to, and the member lands in the room; the link's history entry is replaced, so Back does
 * not ask again. One that does not work (expired, cancelled, another address) says so here.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const accept = useAcceptInvitation({
    onSuccess: ({ roomId }) => void navigate(`/rooms/${roomId}`, { replace: true }),
  });

  // StrictMode runs effects twice on mount, keeping refs: each token is sent once.
  const acceptedToken = useRef<string | null>(null);
  const acceptOnce = useEffectEvent((invitationToken: string) => accept.mutate(invitationToken));
  useEffect(() => {
    if (acceptedToken.current === token) return;
    acceptedToken.current = token;
    acceptOnce(token);
  }, [token]);

  if (accept.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-slate-700 dark:text-slate-200">
          {t('rooms.invitationFailed')}
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
      <p>{t('rooms.acceptingInvitation')}</p>
    </div>
  );
}
