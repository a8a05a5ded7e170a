import { ADMIN_USER_SORTS, type AdminUserSort, type AdminUserOrder } from '@clipsync/shared';
import { choiceParam, listParamsCodec, textParam } from '../../../lib/list-params';

/** The users directory's search and sort, kept in the URL (`?q=…&sort=storage&order=asc&page=2`). */
export interface UserListFilters {
  search: string;
  sort: AdminUserSort;
  order: AdminUserOrder;
}

export const NO_USER_FILTERS: UserListFilters = { search: '', sort: 'created', order: 'desc' };

export const userListParams = listParamsCodec<UserListFilters>(NO_USER_FILTERS, {
  search: textParam('q'),
  sort: choiceParam('sort', ADMIN_USER_SORTS),
  order: choiceParam('order', ['desc', 'asc']),
});
