import {
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  type CreateDeviceSendRequest,
  type RegisterDeviceRequest,
  type UpdateDeviceRequest,
} from '@clipsync/shared';
import { call } from './client';

/** The account's devices and the sends between them; screens reach them through device-queries.ts. */
export const devicesApi = {
  list: () => call(DEVICE_ENDPOINTS.list),
  register: (body: RegisterDeviceRequest) => call(DEVICE_ENDPOINTS.register, { body }),
  update: (id: string, body: UpdateDeviceRequest) => call(DEVICE_ENDPOINTS.update, { params: { id }, body }),
  remove: (id: string) => call(DEVICE_ENDPOINTS.remove, { params: { id } }),
  send: (body: CreateDeviceSendRequest) => call(DEVICE_SEND_ENDPOINTS.create, { body }),
  pending: () => call(DEVICE_SEND_ENDPOINTS.pending),
  /** The HTTP twin of `device:send-ack`, for a send pulled while the socket is not connected. */
  ack: (id: string) => call(DEVICE_SEND_ENDPOINTS.ack, { params: { id } }),
};
