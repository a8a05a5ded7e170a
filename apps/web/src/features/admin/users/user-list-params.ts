import { ADMIN_USER_SORTS, type AdminUserSort, type AdminUserOrder } from '@clipsync/shared';
import type { ListParams, ListParamsCodec } from '../../../components/use-list-url-state';
import { oneOf } from '../../../lib/one-of';

/** The users directory's search and sort, kept in the URL (`?q=…&sort=storage&order=asc&page=2`). */
export interface UserListFilters {
  search: string;
  sort: AdminUserSort;
  order: AdminUserOrder;
}

export const NO_USER_FILTERS: UserListFilters = { search: '', sort: 'created', order: 'desc' };
const ORDERS = ['desc', 'asc'] as const;

/** Defaults stay out of the URL; unknown values read as the default. */
export const userListParams: ListParamsCodec<UserListFilters> = {
  read(params): ListParams<UserListFilters> {
    const page = Number(params.get('page'));
    return {
      filters: {
        search: params.get('q') ?? NO_USER_FILTERS.search,
        sort: oneOf(ADMIN_USER_SORTS, params.get('sort')) ?? NO_USER_FILTERS.sort,
        order: oneOf(ORDERS, params.get('order')) ?? NO_USER_FILTERS.order,
      },
      page: Number.isInteger(page) && page > 1 ? page : 1,
    };
  },
  write({ filters, page }) {
    const params = new URLSearchParams();
    if (filters.search) params.set('q', filters.search);
    if (filters.sort !== NO_USER_FILTERS.sort) params.set('sort', filters.sort);
    if (filters.order !== NO_USER_FILTERS.order) params.set('order', filters.order);
    if (page > 1) params.set('page', String(page));
    return params;
  },
};
