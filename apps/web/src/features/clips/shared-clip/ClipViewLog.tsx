import type { ClipView } from '@clipsync/shared';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useClipViews } from '../../../api/clip-queries';
import { RelativeTime } from '../../../components/RelativeTime';
import { Skeleton } from '../../../ui/Skeleton';

/** The owner's view log under the clip: each open of its link, newest first, never an address. */
export function ClipViewLog({ clipId }: { clipId: string }) {
  const { t } = useTranslation();
  const views = useClipViews(clipId);
  return (
    <section aria-labelledby="clip-view-log" className="mt-6">
      <h2 id="clip-view-log" className="text-sm font-semibold">
        {t('viewLog.title')}
      </h2>
      {views.isPending ? (
        <Skeleton className="mt-2 h-10" />
      ) : views.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t('viewLog.failed')}
        </p>
      ) : views.data.views.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('viewLog.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {views.data.views.map((view) => (
            <ViewRow key={view.viewedAt + view.device + view.browser} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ViewRow({ view }: { view: ClipView }) {
  const { t } = useTranslation();
  const browser = view.browser === 'other' ? t('viewLog.otherBrowser') : view.browser;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="w-24 text-slate-500 dark:text-slate-400">
        <RelativeTime iso={view.viewedAt} />
      </span>
      <span>
        {t(`viewLog.device.${view.device}`)} · {browser}
      </span>
      <span className="text-slate-600 dark:text-slate-300">{view.viewerName ?? t('viewLog.anonymous')}</span>
      <span className="ml-auto flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
        {view.spentView ? (
          <Eye className="h-3.5 w-3.5" aria-hidden="true" />
        ) : (
          <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
        )}
        {t(view.spentView ? 'viewLog.spent' : 'viewLog.notSpent')}
      </span>
    </li>
  );
}
