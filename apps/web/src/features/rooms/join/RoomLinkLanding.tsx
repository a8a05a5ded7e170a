import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../ui/Button';

type SpendLink = (feedback: {
  onSuccess: (result: { roomId: string }) => void;
}) => UseMutationResult<{ roomId: string }, Error, string>;

/**
 * A link that lets someone into a room (an invite link, a mailed invitation): the signed-in guard has
 * already sent a signed-out visitor to log in and back. The token is spent once on arrival and the member
 * lands in the room; the link's history entry is replaced, so Back does not spend it again. A link that
 * does not work says so here, without a toast on top.
 */
export function RoomLinkLanding({
  useSpendLink,
  failedKey,
  pendingKey,
}: {
  useSpendLink: SpendLink;
  failedKey: string;
  pendingKey: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const spend = useSpendLink({ onSuccess: ({ roomId }) => void navigate(`/rooms/${roomId}`, { replace: true }) });

  // StrictMode runs effects twice on mount, keeping refs: each token is sent once.
  const spentToken = useRef<string | null>(null);
  const spendOnce = useEffectEvent((linkToken: string) => spend.mutate(linkToken));
  useEffect(() => {
    if (spentToken.current === token) return;
    spentToken.current = token;
    spendOnce(token);
  }, [token]);

  if (spend.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-slate-700 dark:text-slate-200">
          {t(failedKey)}
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
      <p>{t(pendingKey)}</p>
    </div>
  );
}
