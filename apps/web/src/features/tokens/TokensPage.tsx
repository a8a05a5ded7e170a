import { useAuth } from '../../session/auth-context';
import {
  DEVICE_SIGN_IN_SCOPES,
  TOKEN_SCOPES,
  type CreatedToken,
  type TokenScope,
  type TokenSummary,
} from '@clipsync/shared';
import { Copy, KeyRound, MonitorSmartphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreateToken, useRevokeToken, useTokens } from '../../api/token-queries';
import { RelativeTime } from '../../components/RelativeTime';
import { copyText } from '../../lib/browser-files';
import { useDateFormat } from '../../lib/use-date-format';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/use-toast';
import { SCOPE_LABEL_KEYS } from '../../lib/scope-labels';
import { QueryState } from '../../ui/QueryState';

const EXPIRY_CHOICES = [0, 30, 90, 365] as const;

/**
 * `/settings/tokens`, "Access tokens": the user's personal access tokens (made here or by a device
 * sign-in) with their last use and Revoke, and "Create token", whose token is shown once with Copy.
 */
export default function TokensPage() {
  const { t } = useTranslation();
  const tokens = useTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('tokens.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('tokens.intro')}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('tokens.devicesHint')}{' '}
        <Link to="/devices" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t('shell.myDevices')}
        </Link>
      </p>
      {created ? (
        <NewToken token={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <section aria-labelledby="tokens-list" className="mt-10">
        <h2 id="tokens-list" className="text-xl font-semibold">
          {t('tokens.listTitle')}
        </h2>
        <QueryState
          query={tokens}
          refreshFailed={t('tokens.loadFailed')}
          className="mt-4"
          loading={{ label: t('tokens.loading'), rowClassName: 'h-24 w-full' }}
          failed={
            <div className="mt-4 flex flex-col items-start gap-3">
              <p role="alert">{t('tokens.loadFailed')}</p>
              <Button variant="secondary" onClick={() => void tokens.refetch()}>
                {t('tokens.retry')}
              </Button>
            </div>
          }
          isEmpty={(data) => data.tokens.length === 0}
          empty={t('tokens.empty')}
        >
          {(data) => (
            <ul className="mt-4 flex flex-col gap-3">
              {data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiresInDays, setExpiresInDays] = useState<number>(90);
  const expiryId = useId();
  const [hasNoScope, setHasNoScope] = useState(false);
  // Only an admin may make a token for the admin area; the server refuses it to anyone else.
  const offered = useAuth().user?.role === 'admin' ? TOKEN_SCOPES : DEVICE_SIGN_IN_SCOPES;

  const toggle = (scope: TokenScope, isOn: boolean) =>
    setScopes((current) => (isOn ? [...current, scope] : current.filter((held) => held !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) return setHasNoScope(true);
    setHasNoScope(false);
    create.mutate(
      { name: name.trim(), scopes, ...(expiresInDays > 0 ? { expiresInDays } : {}) },
      {
        onSuccess: (token) => {
          setName('');
          setScopes([]);
          onCreated(token);
        },
        onError: (error) => toast.error({ title: t('tokens.createFailed'), description: error.message }),
      },
    );
  };

  return (
    <form
      aria-labelledby="tokens-create"
      onSubmit={submit}
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="tokens-create" className="text-lg font-semibold">
        {t('tokens.createTitle')}
      </h2>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('tokens.name')}
        <Input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-medium">{t('tokens.scopesLabel')}</legend>
        {offered.map((scope) => (
          <label key={scope} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            {t(SCOPE_LABEL_KEYS[scope])} <code className="text-xs text-slate-500 dark:text-slate-400">{scope}</code>
          </label>
        ))}
        {hasNoScope && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('tokens.scopeRequired')}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor={expiryId}>{t('tokens.expiry')}</label>
        <select
          id={expiryId}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
          value={expiresInDays}
          onChange={(event) => setExpiresInDays(Number(event.target.value))}
        >
          {EXPIRY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days === 0 ? t('tokens.expiryNever') : t('tokens.expiryDays', { count: days })}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={create.isPending} className="self-start">
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {create.isPending ? t('tokens.creating') : t('tokens.create')}
      </Button>
    </form>
  );
}

function NewToken({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = () =>
    copyText(token.token).then(
      () => toast.success({ title: t('tokens.copied') }),
      () => toast.error({ title: t('tokens.copyFailed') }),
    );
  return (
    <section
      aria-labelledby="tokens-new"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <h2 id="tokens-new" className="text-lg font-semibold">
        {t('tokens.newTokenTitle', { name: token.name })}
      </h2>
      <p className="text-sm">{t('tokens.newTokenNote')}</p>
      <code data-testid="new-token" className="rounded bg-white p-3 font-mono text-sm break-all dark:bg-slate-900">
        {token.token}
      </code>
      <div className="flex gap-2">
        <Button onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {t('tokens.copy')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('tokens.done')}
        </Button>
      </div>
    </section>
  );
}

function TokenRow({ token }: { token: TokenSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revoke = useRevokeToken();
  return (
    <li
      aria-label={token.name}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="flex items-center gap-2 font-medium">
          {token.source === 'device' && <MonitorSmartphone className="h-4 w-4" aria-hidden="true" />}
          {token.name}
          {token.source === 'device' && (
            <span className="text-xs text-slate-500 dark:text-slate-400">{t('tokens.fromDevice')}</span>
          )}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {token.scopes.map((scope) => t(SCOPE_LABEL_KEYS[scope])).join(', ')}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {t('tokens.created')} <RelativeTime iso={token.createdAt} />
          {' · '}
          {token.expiresAt ? (
            <>
              {t('tokens.expires')} <ExpiryDate iso={token.expiresAt} />
            </>
          ) : (
            t('tokens.expiryNever')
          )}
        </span>
        <span data-testid="token-last-used" className="text-slate-600 dark:text-slate-300">
          {token.lastUsedAt ? (
            <>
              {t('tokens.lastUsed')} <RelativeTime iso={token.lastUsedAt} />
              {token.lastUsedClient ? ` · ${token.lastUsedClient}` : ''}
            </>
          ) : (
            t('tokens.neverUsed')
          )}
        </span>
      </div>
      <Button
        variant="destructive"
        size="sm"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(token.id, {
            onSuccess: () => toast.success({ title: t('tokens.revoked', { name: token.name }) }),
            onError: (error) => toast.error({ title: t('tokens.revokeFailed'), description: error.message }),
          })
        }
      >
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}

/** An expiry is in the future: its date, in the reader's language. */
function ExpiryDate({ iso }: { iso: string }) {
  const formatDate = useDateFormat();
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}
