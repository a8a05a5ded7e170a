import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCheckEmailConfirmation } from '../../api/auth-mutations';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { readConfirmationUrl } from './confirmation-state';
import { StatusCard } from '../../ui/StatusCard';
import { GoToLoginActions } from './GoToLoginActions';

type State =
  | { kind: 'loading' }
  | { kind: 'success' }
  | { kind: 'sign-in'; token: string }
  | { kind: 'expired' }
  | { kind: 'error'; title?: string; message: string };

export default function EmailConfirmationPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { mutateAsync: checkConfirmation } = useCheckEmailConfirmation();
  const start = useMemo(() => readConfirmationUrl(params), [params]);
  const [checkResult, setCheckResult] = useState<State | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Only a clean landing asks the server; an error in the URL decides the state by itself (expired, or an error).
  useEffect(() => {
    if (start.kind !== 'check') return;
    let isCurrent = true;
    // A link not used yet confirms at the sign-in it leads to, with the password its sign-up chose (decision 039).
    checkConfirmation(start.token)
      .then(
        ({ confirmed }) =>
          isCurrent && setCheckResult(confirmed ? { kind: 'success' } : { kind: 'sign-in', token: start.token }),
      )
      // The call itself failed, not the confirmation: 'Email confirmation check failed' says so.
      .catch(
        () =>
          isCurrent &&
          setCheckResult({ kind: 'error', title: t('confirm.checkErrorTitle'), message: t('confirm.checkFailed') }),
      );
    return () => {
      isCurrent = false;
    };
  }, [start, attempt, t, checkConfirmation]);

  const state: State =
    start.kind === 'expired'
      ? { kind: 'expired' }
      : start.kind === 'error'
        ? { kind: 'error', message: start.description ?? t('confirm.errorGeneric') }
        : start.kind === 'missing'
          ? { kind: 'error', message: t('confirm.failed') }
          : (checkResult ?? { kind: 'loading' });

  const retry = () => {
    setCheckResult(null);
    setAttempt(attempt + 1);
  };

  const resend = () => {
    toast.success({ title: t('confirm.resendTitle'), description: t('confirm.resendBody') });
    void navigate('/auth?mode=register');
  };

  if (state.kind === 'loading') return <StatusCard tone="loading" title={t('confirm.loading')} />;
  // In history state, not in the sign-in page's address.
  if (state.kind === 'sign-in') return <Navigate to="/auth" replace state={{ confirmation: state.token }} />;
  if (state.kind === 'success') {
    return (
      <StatusCard tone="success" title={t('confirm.successTitle')} message={t('confirm.successBody')}>
        <GoToLoginActions />
      </StatusCard>
    );
  }
  if (state.kind === 'expired') {
    return (
      <StatusCard tone="error" title={t('confirm.expiredTitle')} message={t('confirm.expired')}>
        <Button onClick={resend}>{t('confirm.resend')}</Button>
        <Button asChild variant="secondary">
          <Link to="/auth?mode=login">{t('confirm.backToLogin')}</Link>
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="error" title={state.title ?? t('confirm.errorTitle')} message={state.message}>
      <Button onClick={retry}>{t('confirm.tryAgain')}</Button>
      <Button asChild variant="secondary">
        <Link to="/auth?mode=login">{t('confirm.backToLogin')}</Link>
      </Button>
    </StatusCard>
  );
}
