import { useTranslation } from 'react-i18next';
import { relativeTime } from '../lib/relative-time';
import { RelativeTime } from './RelativeTime';

/** 'Last seen 5m ago', or 'Last seen just now' (the time's own 'Just now' starts a sentence, not this one). */
export function LastSeen({ iso }: { iso: string }) {
  const { t } = useTranslation();
  if (relativeTime(iso).unit === 'now') return <span>{t('devices.lastSeenJustNow')}</span>;
  return (
    <span>
      {t('devices.lastSeen')} <RelativeTime iso={iso} />
    </span>
  );
}
