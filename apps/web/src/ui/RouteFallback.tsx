import { useTranslation } from 'react-i18next';

export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-600 dark:text-slate-300">
      {t('common.loading')}
    </div>
  );
}
