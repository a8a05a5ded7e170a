import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/SearchInput';
import type { RoomListFilters } from '../../../lib/room-filters';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';

interface RoomFilterPanelProps {
  id: string;
  filters: RoomListFilters;
  onChange: (filters: RoomListFilters) => void;
}

/** The Rooms list filter panel: search, Privacy, Member Count, Sort By and its order. */
export function RoomFilterPanel({ id, filters, onChange }: RoomFilterPanelProps) {
  const { t } = useTranslation();
  const isAscending = filters.order === 'asc';
  const OrderIcon = isAscending ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  const orderLabel = isAscending ? t('rooms.ascending') : t('rooms.descending');
  return (
    <div
      id={id}
      role="search"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      <SearchInput
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
        label={t('rooms.searchRooms')}
      />
      <Labelled label={t('rooms.privacy')}>
        <Select
          label={t('rooms.privacy')}
          value={filters.privacy}
          onValueChange={(privacy) => onChange({ ...filters, privacy })}
          options={[
            { value: 'all', label: t('rooms.all') },
            { value: 'public', label: t('rooms.public') },
            { value: 'private', label: t('rooms.private') },
          ]}
        />
      </Labelled>
      <Labelled label={t('rooms.memberCount')}>
        <Select
          label={t('rooms.memberCount')}
          value={filters.size}
          onValueChange={(size) => onChange({ ...filters, size })}
          options={[
            { value: 'all', label: t('rooms.all') },
            { value: 'small', label: t('rooms.sizeSmall') },
            { value: 'medium', label: t('rooms.sizeMedium') },
            { value: 'large', label: t('rooms.sizeLarge') },
          ]}
        />
      </Labelled>
      <Labelled label={t('rooms.sortBy')}>
        <div className="flex items-center gap-1">
          <Select
            label={t('rooms.sortBy')}
            value={filters.sort}
            onValueChange={(sort) => onChange({ ...filters, sort })}
            options={[
              { value: 'name', label: t('rooms.sortName') },
              { value: 'updated_at', label: t('rooms.sortLastActive') },
              { value: 'member_count', label: t('rooms.sortMemberCount') },
            ]}
          />
          <Button
            variant="secondary"
            size="sm"
            className="h-9 w-9 px-0"
            onClick={() => onChange({ ...filters, order: isAscending ? 'desc' : 'asc' })}
            aria-label={orderLabel}
            title={orderLabel}
          >
            <OrderIcon className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </Labelled>
    </div>
  );
}

/** A visible caption over a control; the control carries its own accessible name. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <span aria-hidden="true" className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </span>
      {children}
    </div>
  );
}
