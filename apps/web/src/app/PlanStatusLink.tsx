import type { BillingResponse } from '@clipsync/shared';
import { CreditCard } from 'lucide-react';
import { NavLink } from 'react-router';
import { useBilling } from '../api/billing-queries';
import { useBillingHeadline } from '../components/use-billing-headline';
import { cn } from '../ui/cn';

interface PlanStatusLinkProps {
  isCompact?: boolean;
  onNavigate?: () => void;
}

/**
 * The signed-in shell's plan line ('Pro plan', 'Trial: 3 days left'), leading to the billing page. A server
 * without payments (503) sells no plan: nothing is shown.
 */
export function PlanStatusLink(props: PlanStatusLinkProps) {
  const { data } = useBilling();
  return data ? <PlanStatusLinkOf billing={data} {...props} /> : null;
}

function PlanStatusLinkOf({
  billing,
  isCompact = false,
  onNavigate,
}: PlanStatusLinkProps & { billing: BillingResponse }) {
  const headline = useBillingHeadline(billing);
  return (
    <NavLink
      to="/billing"
      onClick={onNavigate}
      title={isCompact ? headline : undefined}
      data-testid="plan-status"
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
          isActive
            ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          billing.status === 'past_due' && 'text-amber-800 dark:text-amber-300',
        )
      }
    >
      <CreditCard className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className={cn('truncate', isCompact && 'sr-only')}>{headline}</span>
    </NavLink>
  );
}
