import type { AdminSettings } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useAdminSettings } from '../../../api/admin-overview-queries';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { HistoryCapForm } from './HistoryCapForm';
import { RegistrationForm } from './RegistrationForm';

/**
 * `/admin/settings`: who may sign up, and the most days any history is kept, where the environment leaves them
 * to the console.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('adminOverview.settings.title')}</h1>
      {settings.isPending ? (
        <div role="status" aria-label={t('adminOverview.settings.loading')} className="mt-6">
          <Skeleton className="h-48 w-full" />
        </div>
      ) : settings.isError ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{t('adminOverview.settings.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('adminOverview.retry')}
          </Button>
        </div>
      ) : (
        <>
          <RegistrationForm key={formKeyOf(settings.data)} settings={settings.data} />
          <HistoryCapForm key={`cap-${formKeyOf(settings.data)}`} setting={settings.data.clipRetentionDays} />
        </>
      )}
    </div>
  );
}

/** The form starts again from what the server holds whenever that changes (after a save, or another admin's). */
const formKeyOf = (settings: AdminSettings) => JSON.stringify(settings);
