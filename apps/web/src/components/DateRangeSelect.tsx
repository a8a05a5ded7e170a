import type { ClipDateRange, RoomContentRange } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Select } from '../ui/Select';

/** The ranges every list filters by (clips and room content take the same four). */
export type DateRange = ClipDateRange & RoomContentRange;

const DATE_RANGES = ['all', 'today', 'week', 'month'] as const satisfies readonly DateRange[];

interface DateRangeSelectProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Each bar names it in its own words ('Date range' on clip lists, 'Date Range' in a room). */
  label: string;
}

/** The date-range filter (All time, Today, This week, This month), one for every filter bar. */
export function DateRangeSelect({ value, onChange, label }: DateRangeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={value}
      onValueChange={onChange}
      options={DATE_RANGES.map((range) => ({ value: range, label: t(`dateRange.${range}`) }))}
    />
  );
}
