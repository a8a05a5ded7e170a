import { useTranslation } from 'react-i18next';

/** A route whose feature arrives with a later issue: its title only, no invented data. */
export function PlaceholderPage({ titleKey, bodyKey = 'pages.comingSoon' }: { titleKey: string; bodyKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(bodyKey)}</p>
    </div>
  );
}
