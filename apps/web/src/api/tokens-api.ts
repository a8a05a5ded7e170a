import {
  DEVICE_SIGN_IN_ENDPOINTS,
  TOKEN_ENDPOINTS,
  type CreateTokenRequest,
  type DeviceSignInApprovalRequest,
} from '@clipsync/shared';
import { call } from './client';

/** Personal access tokens and the approval of a device sign-in; screens reach them through token-queries.ts. */
export const tokensApi = {
  list: () => call(TOKEN_ENDPOINTS.list),
  create: (body: CreateTokenRequest) => call(TOKEN_ENDPOINTS.create, { body }),
  revoke: (id: string) => call(TOKEN_ENDPOINTS.revoke, { params: { id } }),
  lookUpSignIn: (userCode: string) => call(DEVICE_SIGN_IN_ENDPOINTS.lookup, { body: { userCode } }),
  approveSignIn: (body: DeviceSignInApprovalRequest) => call(DEVICE_SIGN_IN_ENDPOINTS.approve, { body }),
  denySignIn: (userCode: string) => call(DEVICE_SIGN_IN_ENDPOINTS.deny, { body: { userCode } }),
};
