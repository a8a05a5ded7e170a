import { useTranslation } from 'react-i18next';
import { useHistoryRetention } from '../../api/history-retention-queries';
import { useAuth } from '../../session/auth-context';
import { Button } from '../../ui/Button';
import { QueryState } from '../../ui/QueryState';
import { ClipboardKeyCard } from './clipboard-key/ClipboardKeyCard';
import { HistoryRetentionForm } from './HistoryRetentionForm';

/**
 * `/settings/privacy`: what the server keeps of the account's clipboard: "Keep my history for", and whether the
 * clipboard is encrypted end to end. The account's other privacy choices join them here.
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const retention = useHistoryRetention();
  const { user } = useAuth();
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
      {user && <ClipboardKeyCard userId={user.id} />}
    </div>
  );
}
