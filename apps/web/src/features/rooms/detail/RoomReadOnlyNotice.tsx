import type { RoomDetail } from '@clipsync/shared';
import { Lock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';

/**
 * Why a room takes no changes (its owner's plan has lapsed): the server already withholds the write
 * abilities, so the add, edit and delete controls are gone; this says why, and shows the owner the way to
 * the plans. A member can only ask the owner, so they get no upgrade button of their own.
 */
export function RoomReadOnlyNotice({ room }: { room: Pick<RoomDetail, 'readOnly' | 'role'> }) {
  const { t } = useTranslation();
  if (!room.readOnly) return null;
  const plan = t(`pricing.plans.${room.readOnly.requiredPlan}.name`);
  const isOwner = room.role === 'owner';
  return (
    <section
      role="status"
      aria-labelledby="room-read-only-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <Lock className="h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="flex-1 space-y-1">
        <h2 id="room-read-only-title" className="font-semibold">
          {t('rooms.readOnlyTitle')}
        </h2>
        <p>{isOwner ? t('rooms.readOnlyOwner', { plan }) : t('rooms.readOnlyMember')}</p>
      </div>
      {isOwner && (
        <Button asChild>
          <Link to="/billing">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {t('rooms.readOnlyUpgrade', { plan })}
          </Link>
        </Button>
      )}
    </section>
  );
}
