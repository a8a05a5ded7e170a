import { useTranslation } from 'react-i18next';
import { relativeTime, timeUntil } from '../lib/relative-time';
import { useDateFormat } from '../lib/use-date-format';

const AGO_KEYS = { minutes: 'time.minutesAgo', hours: 'time.hoursAgo', days: 'time.daysAgo' } as const;

/** A moment past in words ('Just now', '5m ago', …, then its date). */
export function useTimeAgo(): (iso: string) => string {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (iso) => {
    const age = relativeTime(iso);
    if (age.unit === 'now') return t('time.justNow');
    if (age.unit === 'date') return formatDate(age.date);
    return t(AGO_KEYS[age.unit], { count: age.count });
  };
}

/** A clip's age in words ('Just now', '5m ago', …), with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  const formatDate = useDateFormat();
  const timeAgo = useTimeAgo();
  return (
    <time dateTime={iso} title={formatDate(iso, 'dateTime')}>
      {timeAgo(iso)}
    </time>
  );
}

const IN_KEYS = { minutes: 'time.inMinutes', hours: 'time.inHours', days: 'time.inDays' } as const;

/** A moment to come in words ('in 6 h', 'on Dec 31, 2026'), for a link's expiry. */
export function useTimeUntil(): (iso: string) => string {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (iso) => {
    const remaining = timeUntil(iso);
    if (remaining.unit === 'now') return t('time.soon');
    if (remaining.unit === 'date') return t('time.onDate', { date: formatDate(remaining.date) });
    return t(IN_KEYS[remaining.unit], { count: remaining.count });
  };
}
