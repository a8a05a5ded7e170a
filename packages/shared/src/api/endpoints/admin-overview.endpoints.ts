import { AdminOverview, AdminSettings, UpdateAdminSettingsRequest } from '../../schemas/admin-overview';
import { defineEndpoints } from '../endpoint';

/** The admin console's Overview and Settings: admins only (403 `ADMIN_ONLY`), tokens with the `admin` scope. */
export const ADMIN_OVERVIEW_ENDPOINTS = defineEndpoints({
  overview: { method: 'GET', scope: 'admin', path: '/admin/overview', response: AdminOverview },
  settings: { method: 'GET', scope: 'admin', path: '/admin/settings', response: AdminSettings },
  /** 409 `SETTING_FROM_ENVIRONMENT` for a setting the environment sets: the environment wins. */
  updateSettings: {
    method: 'PUT',
    scope: 'admin',
    path: '/admin/settings',
    body: UpdateAdminSettingsRequest,
    response: AdminSettings,
  },
});
