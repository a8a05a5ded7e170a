import {
  DEVICE_ENDPOINTS,
  TOKEN_ENDPOINTS,
  type CreateTokenRequest,
  type DeviceApprovalRequest,
} from '@clipsync/shared';
import { call } from './client';

/** Personal access tokens and device approval; screens reach them through token-queries.ts. */
export const tokensApi = {
  list: () => call(TOKEN_ENDPOINTS.list),
  create: (body: CreateTokenRequest) => call(TOKEN_ENDPOINTS.create, { body }),
  revoke: (id: string) => call(TOKEN_ENDPOINTS.revoke, { params: { id } }),
  lookUpDevice: (userCode: string) => call(DEVICE_ENDPOINTS.lookup, { body: { userCode } }),
  approveDevice: (body: DeviceApprovalRequest) => call(DEVICE_ENDPOINTS.approve, { body }),
  denyDevice: (userCode: string) => call(DEVICE_ENDPOINTS.deny, { body: { userCode } }),
};
