import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { useAdminAccount } from '../../../api/admin-account-queries';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { AccountActions } from './AccountActions';
import { AccountDevices } from './AccountDevices';
import { AccountFacts } from './AccountFacts';

/**
 * `/admin/users/:id`: one account as its admin sees it (plan and where it comes from, storage against its
 * quota, devices, last seen) and what an admin may do to it.
 */
export default function AdminAccountPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const account = useAdminAccount(id);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      {account.isPending ? (
        <div role="status" aria-label={t('adminAccounts.loading')}>
          <h1 className="text-2xl font-bold">{t('adminAccounts.title')}</h1>
          <Skeleton className="mt-6 h-48 w-full" />
        </div>
      ) : account.isError ? (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">{t('adminAccounts.title')}</h1>
          <p role="alert">
            {account.error instanceof ApiError && account.error.status === 404
              ? t('adminAccounts.notFound')
              : t('adminAccounts.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void account.refetch()}>
            {t('adminAccounts.retry')}
          </Button>
        </div>
      ) : (
        <>
          <h1 className="text-2xl font-bold break-words">{account.data.name}</h1>
          <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-300">{account.data.email}</p>
          <AccountFacts account={account.data} />
          <AccountActions account={account.data} />
          <AccountDevices devices={account.data.devices} />
        </>
      )}
    </div>
  );
}
