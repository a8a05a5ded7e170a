import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The 'Shared Clip' title; the owner also reads that the clip is theirs, beside it. */
export function SharedClipTitle({ isOwn = false }: { isOwn?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('editor.sharedTitle')}</h1>
      {isOwn && (
        <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          <UserRound className="h-3.5 w-3.5" aria-hidden="true" />
          {t('shell.yourClip')}
        </span>
      )}
    </div>
  );
}
