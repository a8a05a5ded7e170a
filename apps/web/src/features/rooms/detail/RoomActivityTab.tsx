import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRoomActivity } from '../../../api/room-queries';
import { LoadFailed } from '../../../components/LoadFailed';
import { hasFailedToLoad } from '../../../ui/QueryState';
import { RelativeTime } from '../../../components/RelativeTime';
import { PersonName } from '../PersonName';
import { MemberAvatar } from '../MemberAvatar';
import { describeActivity } from './activity-wording';

/** The Activity tab: 'Recent Activity', newest first, each entry worded by its type, or 'No activity yet'. */
export function RoomActivityTab({ roomId, isActive }: { roomId: string; isActive: boolean }) {
  const { t } = useTranslation();
  const activity = useRoomActivity(roomId, isActive);
  return (
    <section aria-labelledby="room-activity" className="space-y-3">
      <h2 id="room-activity" className="text-lg font-semibold">
        {t('rooms.recentActivity')}
      </h2>
      {activity.isLoading ? (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : hasFailedToLoad(activity) ? (
        <LoadFailed
          title={t('loadFailed.activity')}
          onRetry={() => void activity.refetch()}
          isRetrying={activity.isFetching}
        />
      ) : !activity.data || activity.data.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t('rooms.noActivity')}</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {activity.data.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 px-4 py-3 text-sm">
              <MemberAvatar email={entry.user.email} avatar={null} />
              <p className="min-w-0 flex-1">
                <PersonName person={entry.user} />{' '}
                {describeActivity(entry)
                  .map(({ key, values }) => t(`rooms.activity.${key}`, values))
                  .join(', ')}
              </p>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                <RelativeTime iso={entry.timestamp} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
