import { AdminUserListQuery, AdminUserPage } from '../../schemas/admin-users';
import { defineEndpoints } from '../endpoint';

/** The admin console's users directory: admins only (403 `ADMIN_ONLY`), a token needs the `admin` scope. */
export const ADMIN_USER_ENDPOINTS = defineEndpoints({
  /** Searched, sorted and paged in the database; 400 for an unknown sort or order. */
  list: { method: 'GET', scope: 'admin', path: '/admin/users', query: AdminUserListQuery, response: AdminUserPage },
});
