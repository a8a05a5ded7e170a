import { ClipboardList } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPainted } from '../../ui/use-has-painted';

// Radix Select and Floating UI (~25 KB gzip) are fetched once the page has painted: the footer is far below
// the fold (the landing page's Lighthouse score: bench/README.md, landing). The placeholder keeps the footer's layout.
const LanguageSelect = lazy(async () => ({
  default: (await import('../../components/LanguageSelect')).LanguageSelect,
}));

export function LandingFooter() {
  const { t } = useTranslation();
  const hasPainted = useHasPainted();
  const placeholder = <div className="h-9 w-40" />;
  return (
    <footer className="border-t border-slate-200 py-10 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 px-4 sm:flex-row">
        <div>
          <p className="flex items-center gap-2 font-bold">
            <ClipboardList className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('app.name')}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('footer.tagline')}</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </p>
        </div>
        {hasPainted ? (
          <Suspense fallback={placeholder}>
            <LanguageSelect label={t('footer.language')} className="w-40" />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </footer>
  );
}
