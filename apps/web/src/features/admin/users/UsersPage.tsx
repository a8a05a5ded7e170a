import { ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_SEARCH_MAX, providerNameOf, type AdminUserRow } from '@clipsync/shared';
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminUsers } from '../../../api/admin-user-queries';
import { useSsoSettings } from '../../../api/sso-queries';
import { LastSeen } from '../../../components/LastSeen';
import { LoadFailed } from '../../../components/LoadFailed';
import { Pager } from '../../../components/Pager';
import { RelativeTime } from '../../../components/RelativeTime';
import { useKeepPageInRange, useListUrlState } from '../../../components/use-list-url-state';
import { pageCount } from '../../../lib/clip-filters';
import { formatFileSize } from '../../../lib/file-size';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { Select } from '../../../ui/Select';
import { Skeleton } from '../../../ui/Skeleton';
import { CreateAccountDialog } from '../accounts/CreateAccountDialog';
import { userListParams, type UserListFilters } from './user-list-params';

/**
 * `/admin/users`: every account of the server, searched by name or address, sorted by date joined, storage
 * or last seen, paged by the server. Each row opens the account's page (`/admin/users/:id`).
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters, page, setPage } = useListUrlState(userListParams);
  const users = useAdminUsers({
    q: appliedFilters.search.trim(),
    sort: appliedFilters.sort,
    order: appliedFilters.order,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  useKeepPageInRange(page, users.data?.total, ADMIN_USERS_PAGE_SIZE, setPage);
  const change = (next: Partial<UserListFilters>) => setFilters({ ...filters, ...next });
  const [isCreating, setIsCreating] = useState(false);
  // Under OIDC_ONLY an account made here could only be an admin's (its set-password link would lock anyone
  // else out of the provider's sign-in), so people are not created here: they join through the provider.
  const sso = useSsoSettings().data;
  const ssoOnlyProvider = sso?.only ? providerNameOf(sso.buttonText) : null;

  return (
    <section aria-labelledby="admin-users-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="admin-users-title" className="text-2xl font-bold">
          {t('adminConsole.users.title')}
        </h1>
        {!ssoOnlyProvider && (
          <Button onClick={() => setIsCreating(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            {t('adminAccounts.create.open')}
          </Button>
        )}
      </div>
      {isCreating && <CreateAccountDialog onClose={() => setIsCreating(false)} />}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('adminConsole.users.intro')}</p>
      {ssoOnlyProvider && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t('adminConsole.users.ssoOnlyNote', { provider: ssoOnlyProvider })}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
          <Input
            type="search"
            value={filters.search}
            onChange={(event) => change({ search: event.target.value })}
            placeholder={t('adminConsole.users.search')}
            aria-label={t('adminConsole.users.search')}
            className="pl-9"
            maxLength={ADMIN_USERS_SEARCH_MAX}
          />
        </div>
        <div className="flex gap-2">
          <Select
            label={t('adminConsole.users.sortLabel')}
            value={filters.sort}
            onValueChange={(sort) => change({ sort })}
            options={[
              { value: 'created', label: t('adminConsole.users.sort.created') },
              { value: 'storage', label: t('adminConsole.users.sort.storage') },
              { value: 'lastSeen', label: t('adminConsole.users.sort.lastSeen') },
            ]}
            className="flex-1 sm:w-44"
          />
          <Select
            label={t('adminConsole.users.orderLabel')}
            value={filters.order}
            onValueChange={(order) => change({ order })}
            options={[
              { value: 'desc', label: t('adminConsole.users.order.desc') },
              { value: 'asc', label: t('adminConsole.users.order.asc') },
            ]}
            className="flex-1 sm:w-40"
          />
        </div>
      </div>
      {users.isPending ? (
        <div role="status" aria-label={t('adminConsole.users.loading')} className="mt-6">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : users.isError ? (
        <LoadFailed
          className="mt-6"
          title={t('adminConsole.users.loadFailed')}
          onRetry={() => void users.refetch()}
          isRetrying={users.isFetching}
        />
      ) : users.data.users.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {appliedFilters.search.trim() ? t('adminConsole.users.noMatch') : t('adminConsole.users.empty')}
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {t(users.data.isTotalCapped ? 'adminConsole.users.countAtLeast' : 'adminConsole.users.count', {
              count: users.data.total,
            })}
          </p>
          <ul
            aria-labelledby="admin-users-title"
            className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {users.data.users.map((user) => (
              <UserListRow key={user.id} user={user} />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pageCount(users.data.total, ADMIN_USERS_PAGE_SIZE)}
            hasMore={users.data.isTotalCapped}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}

function UserListRow({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation();
  return (
    <li aria-label={user.name} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/users/${encodeURIComponent(user.id)}`}
            className="truncate font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {user.name}
          </Link>
          {user.role === 'admin' && <Badge>{t('adminConsole.users.admin')}</Badge>}
          {user.disabledAt && <Badge tone="warning">{t('adminConsole.users.disabled')}</Badge>}
        </div>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600 sm:justify-end dark:text-slate-300">
        <span data-testid="user-storage">
          {t('adminConsole.users.stored', { size: formatFileSize(user.storageBytes) })}
        </span>
        <span>
          {user.plan
            ? t(`adminConsole.users.plans.${user.plan}`)
            : t(user.planSource === 'trial' ? 'adminConsole.users.freeTrial' : 'adminConsole.users.noPlan')}
        </span>
        <span>{user.lastSeenAt ? <LastSeen iso={user.lastSeenAt} /> : t('adminConsole.users.neverSeen')}</span>
        <span>
          {t('adminConsole.users.joined')} <RelativeTime iso={user.createdAt} />
        </span>
      </p>
    </li>
  );
}

function Badge({ children, tone = 'info' }: { children: string; tone?: 'info' | 'warning' }) {
  return (
    <span
      className={
        tone === 'warning'
          ? 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
          : 'rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100'
      }
    >
      {children}
    </span>
  );
}
