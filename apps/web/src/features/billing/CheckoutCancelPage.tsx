import { XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';

/** Where Stripe sends the browser when checkout is left (`BILLING_CANCEL_PATH`): nothing was charged. */
export default function CheckoutCancelPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <XCircle className="h-12 w-12 text-slate-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('billing.cancelTitle')}</h1>
      <p className="text-slate-700 dark:text-slate-200">{t('billing.cancelBody')}</p>
      <Button asChild variant="secondary">
        <Link to="/billing">{t('billing.backToBilling')}</Link>
      </Button>
    </div>
  );
}
