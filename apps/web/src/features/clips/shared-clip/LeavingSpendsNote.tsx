import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Over a clip opened by a link that counts its views: this page holds the only copy the view paid for, so
 * leaving or reloading costs another view, or, after the last one, the clip itself.
 */
export function LeavingSpendsNote({ isLastView }: { isLastView: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t(isLastView ? 'protectedClip.viewingLastNote' : 'protectedClip.viewingNote')}
    </p>
  );
}
