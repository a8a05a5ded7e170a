import type { ClipDateRange, ClipTypeFilter } from '@clipsync/shared';

/** The filters of the clip lists: search text, type, favourite and date range. */
export interface ClipFilters {
  search: string;
  type: ClipTypeFilter;
  favorite: boolean | null;
  dateRange: ClipDateRange;
}

export const NO_FILTERS: ClipFilters = { search: '', type: 'all', favorite: null, dateRange: 'all' };

export function hasActiveFilters(filters: ClipFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.type !== 'all' || filters.favorite !== null || filters.dateRange !== 'all'
  );
}

/** The history query string the server filters and pages by (docs/features.md, Clips). */
export function toHistoryQuery(filters: ClipFilters, page: { limit: number; offset: number }): string {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.favorite !== null) params.set('favorite', String(filters.favorite));
  if (filters.dateRange !== 'all') params.set('range', filters.dateRange);
  return params.toString();
}

/** Pages for a total; an empty list is still "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
