import {
  DEVICE_SIGN_IN_ENDPOINTS,
  TOKEN_ENDPOINTS,
  type CreateTokenRequest,
  type DeviceSignInApprovalRequest,
} from '@clipsync/shared';
import { call } from './client';

/** Personal access tokens and device approval; screens reach them through token-queries.ts. */
export const tokensApi = {
  list: () => call(TOKEN_ENDPOINTS.list),
  create: (body: CreateTokenRequest) => call(TOKEN_ENDPOINTS.create, { body }),
  revoke: (id: string) => call(TOKEN_ENDPOINTS.revoke, { params: { id } }),
  lookUpDevice: (userCode: string) => call(DEVICE_SIGN_IN_ENDPOINTS.lookup, { body: { userCode } }),
  approveDevice: (body: DeviceSignInApprovalRequest) => call(DEVICE_SIGN_IN_ENDPOINTS.approve, { body }),
  denyDevice: (userCode: string) => call(DEVICE_SIGN_IN_ENDPOINTS.deny, { body: { userCode } }),
};
