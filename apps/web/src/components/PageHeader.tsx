import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/Button';

/** A signed-in page's title bar with the New Clip action (SPEC §2 Dashboard, Favorites). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="flex items-center gap-2">
        {children}
        <Button asChild>
          <Link to="/new-clip">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('clips.newClip')}
          </Link>
        </Button>
      </div>
    </header>
  );
}
