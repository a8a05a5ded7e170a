import { SsoRefusalCode } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSsoSettings } from '../../api/sso-queries';
import { Button } from '../../ui/Button';
import { SsoCard } from './SsoCard';

/** Why the provider's sign-in was refused, in words: each code of the callback has its sentence. */
export default function SsoErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = SsoRefusalCode.safeParse(params.get('code'));
  const settings = useSsoSettings();
  // Under OIDC_ONLY the password the usual advice names cannot sign in: only an admin can link the account.
  const isEmailInUse = code.success && code.data === 'email_in_use';
  const sentence = !code.success
    ? t('sso.refusals.unknown')
    : isEmailInUse && settings.data?.only
      ? t('sso.emailInUseWhenOnly')
      : t(`sso.refusals.${code.data}`);
  return (
    <SsoCard tone="error" title={t('sso.failedTitle')}>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {isEmailInUse && settings.isPending ? null : sentence}
      </p>
      <Button asChild className="mt-6">
        <Link to="/auth">{t('sso.backToSignIn')}</Link>
      </Button>
    </SsoCard>
  );
}
