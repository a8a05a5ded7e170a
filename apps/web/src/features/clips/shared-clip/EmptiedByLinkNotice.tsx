import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Why the owner's clip is empty: its link ended and took the text and files with it, as the owner chose
 * ("Delete the clip when the link ends"). The byline says how and when the link ended.
 */
export function EmptiedByLinkNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t('editor.emptiedByLink')}
    </p>
  );
}
