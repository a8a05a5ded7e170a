import { useTranslation } from 'react-i18next';
import { useHistoryRetention } from '../../api/history-retention-queries';
import { Button } from '../../ui/Button';
import { QueryState } from '../../ui/QueryState';
import { HistoryRetentionForm } from './HistoryRetentionForm';

/**
 * `/settings/privacy`: what the server keeps of the account's clipboard. Today "Keep my history for"; the
 * account's other privacy choices join it here.
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const retention = useHistoryRetention();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('privacy.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('privacy.intro')}</p>
      <QueryState
        query={retention}
        refreshFailed={t('privacy.loadFailed')}
        className="mt-6"
        loading={{ label: t('privacy.loading'), rowClassName: 'h-48 w-full' }}
        failed={
          <div className="mt-6 flex flex-col items-start gap-3">
            <p role="alert">{t('privacy.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void retention.refetch()}>
              {t('privacy.retry')}
            </Button>
          </div>
        }
      >
        {(settings) => <HistoryRetentionForm key={JSON.stringify(settings)} settings={settings} />}
      </QueryState>
    </div>
  );
}
