import type { BillingResponse } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { billingHeadline } from '../lib/billing-summary';

/** 'Pro plan', 'Trial: 3 days left' or 'No plan', in the reader's language. */
export function useBillingHeadline(billing: BillingResponse): string {
  const { t } = useTranslation();
  const { key, plan, count } = billingHeadline(billing);
  return t(key, { plan: plan ? t(`pricing.plans.${plan}.name`) : '', count });
}
