import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useDecideDevice, useDeviceRequest } from '../../api/token-queries';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { SCOPE_LABEL_KEYS } from './scope-labels';

const REFUSAL_KEYS: Record<number, string> = { 404: 'device.notFound', 429: 'device.tooMany' };

/**
 * `/device`: the signed-in user approves or denies a device sign-in. The code comes from the link the
 * device showed (`?code=`) or is typed; the page names the client and the scopes it asks before either.
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [typed, setTyped] = useState(searchParams.get('code') ?? '');
  const [userCode, setUserCode] = useState<string | null>(searchParams.get('code'));
  const request = useDeviceRequest(userCode);
  const decide = useDecideDevice();
  const [decision, setDecision] = useState<'approved' | 'denied' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDecision(null);
    decide.reset();
    setUserCode(typed.trim());
  };
  const choose = (approve: boolean) => {
    if (!userCode) return;
    decide.mutate({ userCode, approve }, { onSuccess: () => setDecision(approve ? 'approved' : 'denied') });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('device.title')}</h1>
      {decision && request.data ? (
        <div role="status" className="mt-6 flex flex-col items-start gap-3">
          <p>{t(decision === 'approved' ? 'device.approved' : 'device.denied', { client: request.data.clientName })}</p>
          <Link to="/settings/tokens" className="text-sm text-indigo-700 underline dark:text-indigo-300">
            {t('device.manage')}
          </Link>
        </div>
      ) : (
        <>
          <form onSubmit={submit} className="mt-6 flex items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
              {t('device.codeLabel')}
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
              {t('device.lookUp')}
            </Button>
          </form>
          {userCode !== null &&
            (request.isPending ? (
              <div role="status" aria-label={t('device.loading')} className="mt-6">
                <Skeleton className="h-24 w-full" />
              </div>
            ) : request.isError ? (
              <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
                {t(REFUSAL_KEYS[request.error instanceof ApiError ? request.error.status : 0] ?? 'device.failed')}
              </p>
            ) : (
              <section
                aria-labelledby="device-request"
                className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <h2 id="device-request" className="font-semibold">
                  {t('device.asks', { client: request.data.clientName })}
                </h2>
                <ul className="list-inside list-disc text-sm">
                  {request.data.scopes.map((scope) => (
                    <li key={scope}>{t(SCOPE_LABEL_KEYS[scope])}</li>
                  ))}
                </ul>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('device.warning')}</p>
                {decide.isError && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {t('device.failed')}
                  </p>
                )}
                <div className="flex gap-2">
                  <Button disabled={decide.isPending} onClick={() => choose(true)}>
                    {t('device.approve')}
                  </Button>
                  <Button variant="secondary" disabled={decide.isPending} onClick={() => choose(false)}>
                    {t('device.deny')}
                  </Button>
                </div>
              </section>
            ))}
        </>
      )}
    </div>
  );
}
