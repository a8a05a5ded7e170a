import { NO_FILTERS, type ClipFilters } from './clip-filters';
import { oneOf } from './one-of';

/**
 * A clip list's filters and page as a URL query (`?q=…&type=file&favorite=true&range=week&page=2`), so a
 * reload, Back or a shared link shows the same list. Defaults stay out of the URL; unknown values read as
 * the default.
 */
export interface ClipListParams {
  filters: ClipFilters;
  page: number;
}

const TYPES = ['text', 'file'] as const;
const RANGES = ['today', 'week', 'month'] as const;

export function readClipListParams(params: URLSearchParams): ClipListParams {
  const favorite = params.get('favorite');
  const page = Number(params.get('page'));
  return {
    filters: {
      search: params.get('q') ?? NO_FILTERS.search,
      type: oneOf(TYPES, params.get('type')) ?? NO_FILTERS.type,
      favorite: favorite === 'true' ? true : favorite === 'false' ? false : NO_FILTERS.favorite,
      dateRange: oneOf(RANGES, params.get('range')) ?? NO_FILTERS.dateRange,
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeClipListParams({ filters, page }: ClipListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.type !== NO_FILTERS.type) params.set('type', filters.type);
  if (filters.favorite !== null) params.set('favorite', String(filters.favorite));
  if (filters.dateRange !== NO_FILTERS.dateRange) params.set('range', filters.dateRange);
  if (page > 1) params.set('page', String(page));
  return params;
}
