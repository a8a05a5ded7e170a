import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

interface PagerProps {
  page: number;
  pages: number;
  /**
   * The total was capped by the server: there are more than `pages`, shown as 'Page X of 10+' (or of X+ past
   * them), and Next goes on.
   */
  hasMore?: boolean;
  onPageChange: (page: number) => void;
}

/**
 * Previous / 'Page X of Y' / Next; Previous is disabled on the first page and Next on the last.
 * With one page or none there is nowhere to go, so nothing shows. A capped total reads 'Page X of 10+'.
 */
export function Pager({ page, pages, hasMore = false, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const label = t('clips.pageOf', { page, pages: hasMore ? `${Math.max(pages, page)}+` : pages });
  const isLast = !hasMore && page >= pages;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-4">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('clips.previous')}
      </Button>
      <span className="text-sm text-slate-700 dark:text-slate-300">{label}</span>
      <Button variant="secondary" size="sm" disabled={isLast} onClick={() => onPageChange(page + 1)}>
        {t('clips.next')}
      </Button>
    </nav>
  );
}
