import type { DeviceSignInDetails, DeviceSignInScope } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../components/RelativeTime';
import { Button } from '../../ui/Button';
import { SCOPE_LABEL_KEYS } from '../../lib/scope-labels';

/** Reading and writing clips is what a device signs in for; the desktop and rooms are each asked on their own. */
const CLIP_SCOPES: readonly DeviceSignInScope[] = ['clips:read', 'clips:write'];
const SCOPE_HINT_KEYS: Partial<Record<DeviceSignInScope, string>> = {
  desktop: 'deviceSignIn.scopeHints.desktop',
  rooms: 'deviceSignIn.scopeHints.rooms',
};

/**
 * A device sign-in before the user decides: the name the device gave itself (labelled as its own claim),
 * the code, when and from which network it asked, and each scope it asked for as a box the user may untick.
 * Approving grants only the ticked ones.
 */
export function SignInRequestReview({
  request,
  isDeciding,
  hasFailed,
  onApprove,
  onDeny,
}: {
  request: DeviceSignInDetails;
  isDeciding: boolean;
  hasFailed: boolean;
  onApprove: (scopes: DeviceSignInScope[]) => void;
  onDeny: () => void;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<DeviceSignInScope[]>(request.scopes);
  const toggle = (scope: DeviceSignInScope, isTicked: boolean) =>
    setTicked((current) => (isTicked ? [...current, scope] : current.filter((each) => each !== scope)));
  const clipScopes = request.scopes.filter((scope) => CLIP_SCOPES.includes(scope));
  const otherScopes = request.scopes.filter((scope) => !CLIP_SCOPES.includes(scope));
  const box = (scope: DeviceSignInScope) => (
    <label key={scope} className="flex items-start gap-2">
      <input
        type="checkbox"
        className="mt-1"
        checked={ticked.includes(scope)}
        onChange={(event) => toggle(scope, event.target.checked)}
      />
      <span>
        {t(SCOPE_LABEL_KEYS[scope])}
        {SCOPE_HINT_KEYS[scope] && (
          <span className="block text-slate-600 dark:text-slate-300">{t(SCOPE_HINT_KEYS[scope])}</span>
        )}
      </span>
    </label>
  );

  return (
    <section
      aria-labelledby="device-request"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="device-request" className="font-semibold">
        {t('deviceSignIn.request')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">{t('deviceSignIn.namedBy')}</dt>
        <dd>
          {/* <bdi>: whatever script the name is in, it cannot reorder the text around it. */}
          <bdi className="font-semibold">{request.clientName}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">{t('deviceSignIn.codeShown')}</dt>
        <dd className="font-mono font-semibold">{request.userCode}</dd>
        <dt className="text-slate-600 dark:text-slate-300">{t('deviceSignIn.askedAt')}</dt>
        <dd>
          <RelativeTime iso={request.requestedAt} />
        </dd>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('deviceSignIn.nameNote')}</p>
      {request.network === 'different' ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('deviceSignIn.network.different')}
        </p>
      ) : (
        <p className="text-sm">{t(`deviceSignIn.network.${request.network}`)}</p>
      )}
      {clipScopes.length > 0 && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium">{t('deviceSignIn.allowLegend')}</legend>
          {clipScopes.map(box)}
        </fieldset>
      )}
      {otherScopes.length > 0 && (
        <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
          <legend className="px-1 font-medium">
            {t(clipScopes.length > 0 ? 'deviceSignIn.alsoLegend' : 'deviceSignIn.allowLegend')}
          </legend>
          {otherScopes.map(box)}
        </fieldset>
      )}
      {ticked.length === 0 && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('deviceSignIn.scopeRequired')}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('deviceSignIn.warning')}</p>
      {hasFailed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('deviceSignIn.failed')}
        </p>
      )}
      <div className="flex gap-2">
        <Button
          disabled={isDeciding || ticked.length === 0}
          onClick={() => onApprove(request.scopes.filter((scope) => ticked.includes(scope)))}
        >
          {t('deviceSignIn.approve')}
        </Button>
        <Button variant="secondary" disabled={isDeciding} onClick={onDeny}>
          {t('deviceSignIn.deny')}
        </Button>
      </div>
    </section>
  );
}
