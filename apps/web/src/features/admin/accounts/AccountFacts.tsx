import type { AdminAccount } from '@clipsync/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatFileSize } from '../../../lib/file-size';
import { useDateFormat } from '../../../lib/use-date-format';
import { planLabel } from './account-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 font-medium text-slate-600 sm:w-40 dark:text-slate-300">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Who the account is and what it has: role, status, plan and its source, storage against its quota. */
export function AccountFacts({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const dateOf = (iso: string) => formatDate(iso);
  const { plan, storage } = account;
  return (
    <dl
      aria-label={t('adminAccounts.facts.title')}
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <Fact label={t('adminAccounts.facts.role')}>{t(`adminAccounts.roles.${account.role}`)}</Fact>
      <Fact label={t('adminAccounts.facts.status')}>
        {account.disabledAt
          ? t('adminAccounts.status.disabled', { date: dateOf(account.disabledAt) })
          : account.emailConfirmedAt
            ? t('adminAccounts.status.active')
            : t('adminAccounts.status.unconfirmed')}
      </Fact>
      <Fact label={t('adminAccounts.facts.created')}>{dateOf(account.createdAt)}</Fact>
      <Fact label={t('adminAccounts.facts.lastSeen')}>
        {account.lastSeenAt ? <RelativeTime iso={account.lastSeenAt} /> : t('adminAccounts.facts.never')}
      </Fact>
      <Fact label={t('adminAccounts.facts.plan')}>
        <span data-testid="account-plan">
          {plan.id ? planLabel(plan.id) : t(`adminAccounts.planSource.${plan.source}`)}
          {plan.id && ` · ${t(`adminAccounts.planSource.${plan.source}`)}`}
          {plan.until && ` · ${t('adminAccounts.until', { date: dateOf(plan.until) })}`}
        </span>
      </Fact>
      <Fact label={t('adminAccounts.facts.storage')}>
        <span data-testid="account-storage">
          {t('adminAccounts.storage', {
            used: formatFileSize(storage.usedBytes),
            quota: formatFileSize(storage.quotaBytes),
          })}{' '}
          · {t(`adminAccounts.quotaSource.${storage.quotaSource}`)}
        </span>
      </Fact>
    </dl>
  );
}
