import type { PushPreferences } from '@clipsync/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePushRooms,
  usePushSettings,
  useSubscribePush,
  useUnsubscribePush,
  useUpdatePushPreferences,
} from '../../api/web-push-queries';
import { ApiError } from '../../api/api-error';
import { Button } from '../../ui/Button';
import { LoadFailed } from '../../components/LoadFailed';
import { Skeleton } from '../../ui/Skeleton';
import {
  askNotificationPermission,
  notificationPermission,
  pushEnvironment,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';
import { browserPushProblem, canRetry, turnOnProblem, type PushProblem } from './push-problem';
import { SwitchRow } from './SwitchRow';

type KindSwitch = keyof Omit<PushPreferences, 'rooms'>;

/** The server refused the browser's push service: it is on a private network the operator does not trust. */
const isPushServiceRefused = (error: unknown) => error instanceof ApiError && error.code === 'PUSH_SERVICE_NOT_ALLOWED';
const PROBLEM_TEXT = {
  unsupported: 'push.unsupported',
  'install-first': 'push.installFirst',
  blocked: 'push.denied',
  'no-push-service': 'push.noPushService',
  'service-not-allowed': 'push.serviceNotAllowed',
  refused: 'push.refused',
  failed: 'push.failed',
} as const satisfies Record<PushProblem, string>;
const KIND_SWITCHES: KindSwitch[] = ['sends', 'signIns', 'shareViews', 'showText'];

/**
 * `/settings/notifications`: Web Push for this device. The browser's permission is asked only when the person
 * turns notifications on, never on load; then the service worker subscribes with the server's key and the
 * server keeps the subscription. Per-kind switches and followed rooms are this device's too.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  // Only what no switch can change is said in place of the controls; a block is shown beside the switch.
  const [problem] = useState(() => browserPushProblem(pushEnvironment()));
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('push.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('push.intro')}</p>
      {problem === 'unsupported' || problem === 'install-first' ? (
        <p role="status" className="mt-6 rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700">
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : (
        <PushControls />
      )}
    </div>
  );
}

function PushControls() {
  const { t } = useTranslation();
  const settings = usePushSettings();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const update = useUpdatePushPreferences();
  const [permission, setPermission] = useState(notificationPermission);
  const [isSwitching, setIsSwitching] = useState(false);
  const [failure, setFailure] = useState<PushProblem | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);

  if (settings.isPending) return <Skeleton className="mt-6 h-24" />;
  if (settings.isError) {
    return (
      <div className="mt-6">
        <LoadFailed
          title={t('push.loadFailed')}
          onRetry={() => void settings.refetch()}
          isRetrying={settings.isFetching}
        />
      </div>
    );
  }
  const { publicKey, subscribed, preferences } = settings.data;
  const isOn = subscribed && permission === 'granted';

  const turnOn = async () => {
    const answer = await askNotificationPermission();
    setPermission(answer);
    if (answer !== 'granted') return;
    const subscription = await subscribeThisBrowser(publicKey);
    await subscribe.mutateAsync({ subscription }).catch(async (error: unknown) => {
      // Nothing would ever be pushed to it: the browser's subscription goes too, and the next try starts afresh.
      if (isPushServiceRefused(error)) await unsubscribeThisBrowser().catch(() => {});
      throw error;
    });
  };
  const turnOff = async () => {
    // The server first: a browser subscription left behind is harmless, a server one would keep pushing.
    await unsubscribe.mutateAsync();
    await unsubscribeThisBrowser();
  };
  const toggle = (on: boolean) => {
    setFailure(null);
    setSaveFailed(false);
    setIsSwitching(true);
    (on ? turnOn() : turnOff())
      .catch((error: unknown) => setFailure(on ? turnOnProblem(error, notificationPermission()) : 'failed'))
      .finally(() => setIsSwitching(false));
  };
  const change = (patch: Partial<PushPreferences>) => {
    setSaveFailed(false);
    update.mutate(patch, { onError: () => setSaveFailed(true) });
  };

  return (
    <div className="mt-6 flex flex-col gap-6">
      <section className="rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700">
        <SwitchRow
          label={t('push.enable')}
          note={t('push.enableNote')}
          checked={isOn}
          disabled={isSwitching || permission === 'denied'}
          onCheckedChange={toggle}
        />
        {permission === 'denied' ? (
          <p role="alert" className="mt-3 text-sm text-amber-800 dark:text-amber-300">
            {t(PROBLEM_TEXT.blocked)}
          </p>
        ) : (
          failure && (
            <div role="alert" className="mt-3 flex flex-col items-start gap-2 text-sm text-red-700 dark:text-red-300">
              <p>{t(PROBLEM_TEXT[failure])}</p>
              {canRetry(failure) && (
                <Button variant="secondary" size="sm" disabled={isSwitching} onClick={() => toggle(!isOn)}>
                  {t('push.retry')}
                </Button>
              )}
            </div>
          )
        )}
        {saveFailed && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {t('push.saveFailed')}
          </p>
        )}
      </section>
      {isOn && (
        <>
          <section
            aria-label={t('push.kindsTitle')}
            className="flex flex-col gap-4 rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700"
          >
            <h2 className="font-semibold">{t('push.kindsTitle')}</h2>
            {KIND_SWITCHES.map((kind) => (
              <SwitchRow
                key={kind}
                label={t(`push.kinds.${kind}`)}
                note={kind === 'showText' ? t('push.kinds.showTextNote') : undefined}
                checked={preferences[kind]}
                disabled={update.isPending}
                onCheckedChange={(checked) => change({ [kind]: checked })}
              />
            ))}
          </section>
          <FollowedRooms followed={preferences.rooms} onChange={(rooms) => change({ rooms })} />
        </>
      )}
    </div>
  );
}

function FollowedRooms({ followed, onChange }: { followed: string[]; onChange: (rooms: string[]) => void }) {
  const { t } = useTranslation();
  const rooms = usePushRooms();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg p-4 ring-1 ring-slate-200 dark:ring-slate-700">
      <h2 id={headingId} className="font-semibold">
        {t('push.rooms.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('push.rooms.note')}</p>
      {rooms.isPending && <Skeleton className="mt-4 h-12" />}
      {rooms.isError && (
        <div className="mt-4">
          <LoadFailed title={t('push.loadFailed')} onRetry={() => void rooms.refetch()} isRetrying={rooms.isFetching} />
        </div>
      )}
      {rooms.data?.length === 0 && <p className="mt-4 text-sm">{t('push.rooms.empty')}</p>}
      {rooms.data && rooms.data.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3">
          {rooms.data.map((room) => (
            <li key={room.id}>
              <SwitchRow
                label={room.name}
                ariaLabel={t('push.rooms.follow', { room: room.name })}
                checked={followed.includes(room.id)}
                onCheckedChange={(checked) =>
                  onChange(checked ? [...followed, room.id] : followed.filter((id) => id !== room.id))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
