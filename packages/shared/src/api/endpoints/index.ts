import type { ApiEndpoint } from '../endpoint';
import { AUTH_ENDPOINTS } from './auth.endpoints';
import { CLIP_ENDPOINTS } from './clips.endpoints';
import { ROOM_ENDPOINTS } from './rooms.endpoints';
import { DESKTOP_ENDPOINTS } from './desktop.endpoints';
import { NETWORK_ENDPOINTS } from './network.endpoints';
import { TOKEN_ENDPOINTS } from './tokens.endpoints';
import { DEVICE_SIGN_IN_ENDPOINTS } from './device-sign-in.endpoints';
import { DEVICE_ENDPOINTS } from './devices.endpoints';
import { DEVICE_SEND_ENDPOINTS } from './device-sends.endpoints';
import { NEARNESS_ENDPOINTS } from './nearness.endpoints';
import { BILLING_ENDPOINTS } from './billing.endpoints';
import { OPS_ENDPOINTS } from './ops.endpoints';
import { SHARE_CLAIM_ENDPOINTS } from './share-claims.endpoints';
import { ADMIN_INVITATION_ENDPOINTS } from './admin-invitations.endpoints';
import { ADMIN_ACCOUNT_ENDPOINTS } from './admin-accounts.endpoints';
import { REPORT_ENDPOINTS, MODERATION_ENDPOINTS } from './moderation.endpoints';
import { AUDIT_ENDPOINTS, SECURITY_EVENT_ENDPOINTS } from './audit.endpoints';
import { ADMIN_USER_ENDPOINTS } from './admin-users.endpoints';
import { ADMIN_OVERVIEW_ENDPOINTS } from './admin-overview.endpoints';
import { SSO_ENDPOINTS } from './sso.endpoints';
import { WEB_PUSH_ENDPOINTS } from './web-push.endpoints';
import { HISTORY_RETENTION_ENDPOINTS } from './history-retention.endpoints';
import { CLIPBOARD_KEY_ENDPOINTS } from './clipboard-key.endpoints';

export {
  AUTH_ENDPOINTS,
  CLIP_ENDPOINTS,
  ROOM_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  NETWORK_ENDPOINTS,
  TOKEN_ENDPOINTS,
  DEVICE_SIGN_IN_ENDPOINTS,
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  NEARNESS_ENDPOINTS,
  BILLING_ENDPOINTS,
  OPS_ENDPOINTS,
  SHARE_CLAIM_ENDPOINTS,
  ADMIN_INVITATION_ENDPOINTS,
  ADMIN_ACCOUNT_ENDPOINTS,
  REPORT_ENDPOINTS,
  MODERATION_ENDPOINTS,
  AUDIT_ENDPOINTS,
  SECURITY_EVENT_ENDPOINTS,
  ADMIN_USER_ENDPOINTS,
  ADMIN_OVERVIEW_ENDPOINTS,
  SSO_ENDPOINTS,
  WEB_PUSH_ENDPOINTS,
  HISTORY_RETENTION_ENDPOINTS,
  CLIPBOARD_KEY_ENDPOINTS,
};

/**
 * The API's one list: every call under `/api`, per area, with its path written here and nowhere else. The
 * server registers its routes from these entries and the web app sends its requests by them. Every group is
 * listed here by its export name, for what must see every call (the server's token scope check: a route whose
 * group is missing refuses every token); `index.test.ts` fails on a `*.endpoints.ts` group left out.
 */
export const API_TABLES: Readonly<Record<string, Readonly<Record<string, ApiEndpoint>>>> = {
  AUTH_ENDPOINTS,
  CLIP_ENDPOINTS,
  ROOM_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  NETWORK_ENDPOINTS,
  TOKEN_ENDPOINTS,
  DEVICE_SIGN_IN_ENDPOINTS,
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  NEARNESS_ENDPOINTS,
  BILLING_ENDPOINTS,
  OPS_ENDPOINTS,
  SHARE_CLAIM_ENDPOINTS,
  ADMIN_INVITATION_ENDPOINTS,
  ADMIN_ACCOUNT_ENDPOINTS,
  REPORT_ENDPOINTS,
  MODERATION_ENDPOINTS,
  AUDIT_ENDPOINTS,
  SECURITY_EVENT_ENDPOINTS,
  ADMIN_USER_ENDPOINTS,
  ADMIN_OVERVIEW_ENDPOINTS,
  SSO_ENDPOINTS,
  WEB_PUSH_ENDPOINTS,
  HISTORY_RETENTION_ENDPOINTS,
  CLIPBOARD_KEY_ENDPOINTS,
};
