import { PLAN_IDS, type AdminAccount, type PlanId } from '@clipsync/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantPlan } from '../../../api/admin-account-queries';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { endOfDay, planLabel, tomorrow } from './account-format';

const FIELD = 'flex flex-col gap-1 text-sm font-medium';

/** A plan until a date (to the end of that day), whatever Stripe or the trial say; refusals shown in place. */
export function GrantPlanDialog({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const grant = useGrantPlan(account.id);
  const [plan, setPlan] = useState<PlanId>(account.plan.id ?? 'pro');
  const [until, setUntil] = useState('');
  // Its own label, not a wrapping one: a wrapping label's text takes in the options ("PlanBasicProAdvanced").
  const planId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(
      { plan, until: endOfDay(until) },
      {
        onSuccess: () => {
          toast.success({ title: t('adminAccounts.grant.granted') });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        title={t('adminAccounts.grant.title')}
        description={t('adminAccounts.grant.description')}
        closeLabel={t('adminAccounts.close')}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className={FIELD}>
            <label htmlFor={planId}>{t('adminAccounts.grant.plan')}</label>
            <select
              id={planId}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
              value={plan}
              onChange={(event) => setPlan(PLAN_IDS.find((id) => id === event.target.value) ?? plan)}
            >
              {PLAN_IDS.map((id) => (
                <option key={id} value={id}>
                  {planLabel(id)}
                </option>
              ))}
            </select>
          </div>
          <label className={FIELD}>
            {t('adminAccounts.grant.until')}
            <Input
              type="date"
              required
              min={tomorrow()}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          </label>
          {grant.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {grant.error.message}
            </p>
          )}
          <DialogFormActions
            cancelLabel={t('adminAccounts.cancel')}
            submitLabel={t('adminAccounts.grant.submit')}
            canSubmit={until !== '' && !grant.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
