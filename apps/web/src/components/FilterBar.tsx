import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClipFilters } from '../lib/clip-filters';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';

interface FilterBarProps {
  filters: ClipFilters;
  onChange: (filters: ClipFilters) => void;
  /** The favourites page lists favourites only, so it hides this filter (SPEC §2). */
  showFavorite?: boolean;
}

const favoriteValue = (favorite: boolean | null) => (favorite === null ? 'all' : String(favorite));

/** SPEC §3 filter state as controls: search, type, favourite and date range. */
export function FilterBar({ filters, onChange, showFavorite = true }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <div role="search" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="relative flex-1 sm:min-w-60">
        <Search className="absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          className="pl-9"
          maxLength={200}
        />
      </div>
      <Select
        label={t('filters.type')}
        value={filters.type}
        onValueChange={(type) => onChange({ ...filters, type: type as ClipFilters['type'] })}
        options={[
          { value: 'all', label: t('filters.typeAll') },
          { value: 'text', label: t('filters.typeText') },
          { value: 'file', label: t('filters.typeFile') },
        ]}
      />
      {showFavorite && (
        <Select
          label={t('filters.favorite')}
          value={favoriteValue(filters.favorite)}
          onValueChange={(value) => onChange({ ...filters, favorite: value === 'all' ? null : value === 'true' })}
          options={[
            { value: 'all', label: t('filters.favoriteAll') },
            { value: 'true', label: t('filters.favoriteOnly') },
            { value: 'false', label: t('filters.favoriteNot') },
          ]}
        />
      )}
      <Select
        label={t('filters.dateRange')}
        value={filters.dateRange}
        onValueChange={(dateRange) => onChange({ ...filters, dateRange: dateRange as ClipFilters['dateRange'] })}
        options={[
          { value: 'all', label: t('filters.rangeAll') },
          { value: 'today', label: t('filters.rangeToday') },
          { value: 'week', label: t('filters.rangeWeek') },
          { value: 'month', label: t('filters.rangeMonth') },
        ]}
      />
    </div>
  );
}
