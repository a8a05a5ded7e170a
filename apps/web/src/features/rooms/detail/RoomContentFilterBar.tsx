import type { RoomUser } from '@clipsync/shared';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DateRangeSelect } from '../../../components/DateRangeSelect';
import { SearchInput } from '../../../components/SearchInput';
import type { RoomContentFilters } from '../../../lib/room-filters';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';

interface RoomContentFilterBarProps {
  filters: RoomContentFilters;
  onChange: (filters: RoomContentFilters) => void;
  /** Everyone who has added content (All Users, then each distinct author e-mail). */
  authors: readonly RoomUser[];
  total: number | undefined;
}

const ALL_USERS = 'all';

/** The room content filter bar: search, type, user, date range, sort with its order, 'N item(s)'. */
export function RoomContentFilterBar({ filters, onChange, authors, total }: RoomContentFilterBarProps) {
  const { t } = useTranslation();
  const isAscending = filters.order === 'asc';
  return (
    <div role="search" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
      <SearchInput
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
        label={t('rooms.searchContent')}
        className="col-span-2"
      />
      <Select
        label={t('rooms.type')}
        value={filters.type}
        onValueChange={(type) => onChange({ ...filters, type })}
        options={[
          { value: 'all', label: t('rooms.all') },
          { value: 'text', label: t('rooms.typeText') },
          { value: 'file', label: t('rooms.typeFiles') },
        ]}
      />
      <Select
        label={t('rooms.user')}
        // An author's name and address can be long: beside the search box it ends in an ellipsis.
        className="sm:max-w-72"
        value={filters.user ?? ALL_USERS}
        onValueChange={(user) => onChange({ ...filters, user: user === ALL_USERS ? null : user })}
        options={[
          { value: ALL_USERS, label: t('rooms.allUsers') },
          ...authors.map((author) => ({
            value: author.id,
            label: author.name ? `${author.name} (${author.email})` : author.email,
          })),
        ]}
      />
      <DateRangeSelect
        label={t('rooms.dateRange')}
        value={filters.range}
        onChange={(range) => onChange({ ...filters, range })}
      />
      <Select
        label={t('rooms.sortBy')}
        value={filters.sort}
        onValueChange={(sort) => onChange({ ...filters, sort })}
        options={[
          { value: 'date', label: t('rooms.sortDate') },
          { value: 'type', label: t('rooms.sortType') },
          { value: 'user', label: t('rooms.sortUser') },
        ]}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-label={t(isAscending ? 'rooms.ascending' : 'rooms.descending')}
        title={t(isAscending ? 'rooms.ascending' : 'rooms.descending')}
        onClick={() => onChange({ ...filters, order: isAscending ? 'desc' : 'asc' })}
        className="h-10"
      >
        {isAscending ? (
          <ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" />
        )}
      </Button>
      {total !== undefined && (
        <p aria-live="polite" className="self-center text-sm text-slate-600 sm:ml-auto dark:text-slate-300">
          {t('rooms.itemCount', { count: total })}
        </p>
      )}
    </div>
  );
}
