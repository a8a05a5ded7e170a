import type { DeviceSignInScope } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useDecideSignIn, useSignInRequest } from '../../api/token-queries';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { SignInCodeCheck } from './SignInCodeCheck';
import { SignInRequestReview } from './SignInRequestReview';

const REFUSAL_KEYS: Record<number, string> = { 404: 'deviceSignIn.notFound', 429: 'deviceSignIn.tooMany' };

/**
 * A link's `?code=` when it looks like a user code, as `XXXX-XXXX`; anything else is ignored, so a crafted
 * link cannot put its own words, large, on this page.
 */
function linkedCode(value: string | null): string | null {
  const code = value?.toUpperCase().replace(/[\s-]/g, '') ?? '';
  return /^[A-Z0-9]{8}$/.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : null;
}

/**
 * `/device`: the signed-in user approves or denies a device sign-in (RFC 8628). The user types the code
 * the device shows; a link's `?code=` only fills it in, after the user has said that their device shows
 * that very code. Only then is the request looked up: the device's name, when and from which network it
 * asked, and the scopes, each of which the user may untick before approving.
 */
export default function DeviceSignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [linked] = useState(() => linkedCode(searchParams.get('code')));
  const [check, setCheck] = useState<'asking' | 'refused' | null>(linked ? 'asking' : null);
  const [typed, setTyped] = useState('');
  const [userCode, setUserCode] = useState<string | null>(null);
  const request = useSignInRequest(userCode);
  const decide = useDecideSignIn();
  const [decision, setDecision] = useState<'approved' | 'denied' | null>(null);

  const lookUp = (code: string) => {
    setDecision(null);
    decide.reset();
    setUserCode(code);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCheck(null);
    lookUp(typed.trim());
  };
  const confirmLinked = () => {
    if (!linked) return;
    setCheck(null);
    setTyped(linked);
    lookUp(linked);
  };
  // "No": the linked sign-in is refused outright, so whoever started it gets nothing from a later click.
  const refuseLinked = () => {
    if (!linked) return;
    decide.mutate({ userCode: linked, scopes: null }, { onSettled: () => setCheck('refused') });
  };
  const choose = (scopes: DeviceSignInScope[] | null) => {
    if (!userCode) return;
    decide.mutate({ userCode, scopes }, { onSuccess: () => setDecision(scopes ? 'approved' : 'denied') });
  };

  if (check === 'asking' && linked) {
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <h1 className="text-2xl font-bold">{t('deviceSignIn.title')}</h1>
        <SignInCodeCheck
          code={linked}
          isRefusing={decide.isPending}
          onConfirm={confirmLinked}
          onRefuse={refuseLinked}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('deviceSignIn.title')}</h1>
      {decision && request.data ? (
        <div role="status" className="mt-6 flex flex-col items-start gap-3">
          <p>
            {t(decision === 'approved' ? 'deviceSignIn.approved' : 'deviceSignIn.denied', {
              client: request.data.clientName,
            })}
          </p>
          <Link to="/settings/tokens" className="text-sm text-indigo-700 underline dark:text-indigo-300">
            {t('deviceSignIn.manage')}
          </Link>
        </div>
      ) : (
        <>
          {check === 'refused' && (
            <div role="status" className="mt-6 flex flex-col gap-2">
              <p className="font-medium">{t('deviceSignIn.check.refused')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('deviceSignIn.check.typeInstead')}</p>
            </div>
          )}
          <form onSubmit={submit} className="mt-6 flex items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
              {t('deviceSignIn.codeLabel')}
              <Input
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                placeholder="XXXX-XXXX"
                required
              />
            </label>
            <Button type="submit" variant="secondary">
              {t('deviceSignIn.lookUp')}
            </Button>
          </form>
          {userCode !== null &&
            (request.isPending ? (
              <div role="status" aria-label={t('deviceSignIn.loading')} className="mt-6">
                <Skeleton className="h-24 w-full" />
              </div>
            ) : request.isError ? (
              <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
                {t(REFUSAL_KEYS[request.error instanceof ApiError ? request.error.status : 0] ?? 'deviceSignIn.failed')}
              </p>
            ) : (
              <SignInRequestReview
                key={request.data.userCode}
                request={request.data}
                isDeciding={decide.isPending}
                hasFailed={decide.isError}
                onApprove={(scopes) => choose(scopes)}
                onDeny={() => choose(null)}
              />
            ))}
        </>
      )}
    </div>
  );
}
