import type { SettingSource } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';

/** Where a setting comes from; for the environment's, that the console cannot change it and where to. */
export function SettingSourceNote({ source, variable }: { source: SettingSource; variable: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="setting-source">
      {t(`adminOverview.settings.sources.${source}`, { variable })}
    </p>
  );
}
