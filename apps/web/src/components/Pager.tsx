import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

interface PagerProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

/**
 * Previous / 'Page X of Y' / Next; Previous is disabled on the first page and Next on the last.
 * With one page or none there is nowhere to go, so nothing shows.
 */
export function Pager({ page, pages, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('clips.pageOf', { page, pages })} className="mt-6 flex items-center justify-center gap-4">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('clips.previous')}
      </Button>
      <span className="text-sm text-slate-700 dark:text-slate-300">{t('clips.pageOf', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('clips.next')}
      </Button>
    </nav>
  );
}
