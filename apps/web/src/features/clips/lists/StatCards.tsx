import { ClipboardList, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClipStats } from '../../../api/clip-queries';
import { Skeleton } from '../../../ui/Skeleton';
import { useErrorToast } from '../../../ui/use-error-toast';

const cardClass =
  'flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The dashboard's stat cards: Total Clips, and Favorites which opens /favorites. */
export function StatCards() {
  const { t } = useTranslation();
  const stats = useClipStats();
  useErrorToast(stats.isError, t('clips.statsFailed'));
  const figure = (value: number | undefined) =>
    stats.isLoading ? <Skeleton className="h-7 w-12" /> : <span className="text-2xl font-bold">{value ?? '—'}</span>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section className={cardClass} aria-labelledby="stat-total-clips">
        <ClipboardList className="h-8 w-8 text-indigo-600 dark:text-indigo-300" aria-hidden="true" />
        <div>
          <h2 id="stat-total-clips" className="text-sm text-slate-600 dark:text-slate-300">
            {t('clips.totalClips')}
          </h2>
          {figure(stats.data?.totalClips)}
        </div>
      </section>
      <Link to="/favorites" className={`${cardClass} hover:border-indigo-300`}>
        <Star className="h-8 w-8 text-amber-500" aria-hidden="true" />
        <div>
          <h2 className="text-sm text-slate-600 dark:text-slate-300">{t('clips.favorites')}</h2>
          {figure(stats.data?.favoriteClips)}
        </div>
      </Link>
    </div>
  );
}
