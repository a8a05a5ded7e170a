import { useTranslation } from 'react-i18next';
import { relativeTime, timeUntil } from '../lib/relative-time';

const AGO_KEYS = { minutes: 'time.minutesAgo', hours: 'time.hoursAgo', days: 'time.daysAgo' } as const;

/** A moment past in words ('Just now', '5m ago', …, then its date). */
export function useTimeAgo(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  return (iso) => {
    const age = relativeTime(iso);
    if (age.unit === 'now') return t('time.justNow');
    if (age.unit === 'date') {
      return age.date.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' });
    }
    return t(AGO_KEYS[age.unit], { count: age.count });
  };
}

/** A clip's age in words ('Just now', '5m ago', …), with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const timeAgo = useTimeAgo();
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {timeAgo(iso)}
    </time>
  );
}

const IN_KEYS = { minutes: 'time.inMinutes', hours: 'time.inHours', days: 'time.inDays' } as const;

/** A moment to come in words ('in 6 h', 'on Dec 31, 2026'), for a link's expiry. */
export function useTimeUntil(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  return (iso) => {
    const remaining = timeUntil(iso);
    if (remaining.unit === 'now') return t('time.soon');
    if (remaining.unit === 'date') {
      const date = remaining.date.toLocaleDateString(i18n.language, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      return t('time.onDate', { date });
    }
    return t(IN_KEYS[remaining.unit], { count: remaining.count });
  };
}
