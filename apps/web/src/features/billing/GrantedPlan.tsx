import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePlanInForce } from '../../api/billing-queries';
import { useDateFormat } from '../../lib/use-date-format';
import { formatFileSize } from '../../lib/file-size';

/**
 * A plan this server's admin granted, with its end and the storage it gives: shown whether or not payments are
 * set up (an admin grants plans on either), from the rule the console reads. Nothing for any other plan: the
 * subscription summary and the payments note already say those.
 */
export function GrantedPlan() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { data } = usePlanInForce();
  if (data?.source !== 'admin' || !data.plan || !data.until) return null;
  const date = formatDate(data.until);
  return (
    <section
      aria-labelledby="billing-granted"
      data-testid="billing-granted"
      className="mt-6 flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950"
    >
      <Gift className="mt-1 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
      <div>
        <h2 id="billing-granted" className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('billing.grantedBy')}
        </h2>
        <p className="mt-1 text-2xl font-bold">
          {t('billing.planName', { plan: t(`pricing.plans.${data.plan}.name`) })}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t('billing.grantedUntil', { date })}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
          {t('billing.grantedStorage', {
            quota: formatFileSize(data.storage.quotaBytes),
            used: formatFileSize(data.storage.usedBytes),
          })}
        </p>
      </div>
    </section>
  );
}
