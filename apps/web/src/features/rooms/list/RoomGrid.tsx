import type { RoomSummary } from '@clipsync/shared';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { RoomCard } from './RoomCard';

/** Placeholder cards while the first page loads. */
const SKELETON_COUNT = 6;

interface RoomGridProps {
  rooms: readonly RoomSummary[] | undefined;
  isLoading: boolean;
  /** The first load failed: nothing is known, so the list says so rather than that there are no rooms. */
  loadFailure: { onRetry(): void; isRetrying: boolean } | null;
  /** Filters narrow the list, so an empty list means nothing matches rather than no rooms at all. */
  isFiltered: boolean;
  onCreate: () => void;
}

const emptyBoxClass =
  'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300';

/** The Rooms list body: 'Loading rooms...' with placeholders, the cards, or what an empty list says. */
export function RoomGrid({ rooms, isLoading, loadFailure, isFiltered, onCreate }: RoomGridProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div aria-busy="true" className="space-y-4">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('rooms.loading')}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <Skeleton key={index} className="h-36" />
          ))}
        </div>
      </div>
    );
  }
  if (rooms && rooms.length > 0) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rooms.map((room) => (
          <li key={room.id} className="min-w-0">
            <RoomCard room={room} />
          </li>
        ))}
      </ul>
    );
  }
  if (loadFailure) return <LoadFailed title={t('loadFailed.rooms')} {...loadFailure} />;
  if (isFiltered) return <p className={emptyBoxClass}>{t('rooms.emptyFiltered')}</p>;
  return (
    <div className={emptyBoxClass}>
      <p>{t('rooms.empty')}</p>
      <p className="text-sm">{t('rooms.emptyHint')}</p>
      <Button variant="secondary" onClick={onCreate}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('rooms.createRoom')}
      </Button>
    </div>
  );
}
