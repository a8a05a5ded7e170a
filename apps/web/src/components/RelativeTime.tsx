import { useTranslation } from 'react-i18next';
import { relativeTime } from '../lib/relative-time';

const AGO_KEYS = { minutes: 'time.minutesAgo', hours: 'time.hoursAgo', days: 'time.daysAgo' } as const;

/** A clip's age in words ('Just now', '5m ago', …), with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const age = relativeTime(iso);
  const text =
    age.unit === 'now'
      ? t('time.justNow')
      : age.unit === 'date'
        ? age.date.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' })
        : t(AGO_KEYS[age.unit], { count: age.count });
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {text}
    </time>
  );
}
