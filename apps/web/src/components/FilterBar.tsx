import { useTranslation } from 'react-i18next';
import { DateRangeSelect } from './DateRangeSelect';
import { SearchInput } from './SearchInput';
import type { ClipFilters } from '../lib/clip-filters';
import { Select } from '../ui/Select';

interface FilterBarProps {
  filters: ClipFilters;
  onChange: (filters: ClipFilters) => void;
  /** The favourites page lists favourites only, so it hides this filter. */
  showFavorite?: boolean;
}

const favoriteValue = (favorite: boolean | null) => (favorite === null ? 'all' : String(favorite));

/** The clip lists' filters as controls: search, type, favourite and date range. */
export function FilterBar({ filters, onChange, showFavorite = true }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <div role="search" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchInput
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
        label={t('filters.search')}
      />
      <Select
        label={t('filters.type')}
        value={filters.type}
        onValueChange={(type) => onChange({ ...filters, type })}
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
      <DateRangeSelect
        label={t('filters.dateRange')}
        value={filters.dateRange}
        onChange={(dateRange) => onChange({ ...filters, dateRange })}
      />
    </div>
  );
}
