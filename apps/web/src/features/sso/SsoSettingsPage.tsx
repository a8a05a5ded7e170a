import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useLinkSso, useSsoAccount, useSsoSettings, useUnlinkSso } from '../../api/sso-queries';
import { LoadFailed } from '../../components/LoadFailed';
import { redirectTo } from '../../lib/redirect';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';

const SETTINGS_PATH = '/settings/sso';

/**
 * `/settings/sso`: the account's identity at the team's provider (its issuer and the address it gave), with
 * Unlink, or a "Link SSO" button that goes through the provider and comes back here.
 */
export default function SsoSettingsPage() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  const account = useSsoAccount({ isEnabled: settings.data?.enabled === true });
  const link = useLinkSso();
  const unlink = useUnlinkSso();
  const startLink = () => link.mutate(SETTINGS_PATH, { onSuccess: ({ url }) => redirectTo(url) });
  const failure = link.error ?? unlink.error;
  // A server without a provider has nothing to link: the page is not for it.
  if (settings.data && !settings.data.enabled) return <Navigate to="/settings/tokens" replace />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('sso.settingsTitle')}</h1>
      <section
        aria-label={t('sso.settingsTitle')}
        className="mt-6 rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700"
      >
        {account.isPending && <Skeleton className="h-16" />}
        {account.isError && (
          <LoadFailed
            title={t('sso.loadFailed')}
            onRetry={() => void account.refetch()}
            isRetrying={account.isFetching}
          />
        )}
        {account.data?.identity && (
          <>
            <p className="font-medium">{t('sso.linkedTo', { email: account.data.identity.email ?? '—' })}</p>
            <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-300">{account.data.identity.issuer}</p>
            {account.data.hasPassword ? (
              <Button variant="secondary" className="mt-4" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                {t('sso.unlink')}
              </Button>
            ) : (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t('sso.onlyWayIn')}</p>
            )}
          </>
        )}
        {account.data && !account.data.identity && (
          <>
            <p>{t('sso.notLinked')}</p>
            <Button className="mt-4" disabled={link.isPending} onClick={startLink}>
              {settings.data?.buttonText ? t('sso.linkWith', { button: settings.data.buttonText }) : t('sso.link')}
            </Button>
          </>
        )}
        {failure && (
          <p role="alert" className="mt-4 text-sm text-red-600">
            {failure instanceof ApiError ? failure.message : t('sso.refusals.unknown')}
          </p>
        )}
      </section>
    </div>
  );
}
