import { CheckCircle2, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBilling } from '../../api/billing-queries';
import { Button } from '../../ui/Button';

/**
 * Where Stripe sends the browser after a payment (`BILLING_SUCCESS_PATH`). The plan arrives by webhook,
 * which may come a moment later: the page asks a few times and says which it is.
 */
export default function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const { data, isPolling: isWaiting } = useBilling({ pollUntilPlan: true });
  const plan = data?.plan ?? null;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('billing.successTitle')}</h1>
      <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-200">
        {isWaiting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {plan
          ? t('billing.successActive', { plan: t(`pricing.plans.${plan}.name`) })
          : isWaiting
            ? t('billing.successConfirming')
            : t('billing.successPending')}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/dashboard">{t('billing.goToDashboard')}</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/billing">{t('billing.viewBilling')}</Link>
        </Button>
      </div>
    </div>
  );
}
