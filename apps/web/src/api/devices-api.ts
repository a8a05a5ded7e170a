import type { CreateDeviceSendRequest, RegisterDeviceRequest, UpdateDeviceRequest } from '@clipsync/shared';
import { call } from './client';
import { deviceEndpoints, deviceSendEndpoints } from './endpoints';

/** The account's devices and the sends between them; screens reach them through device-queries.ts. */
export const devicesApi = {
  list: () => call(deviceEndpoints.list),
  register: (body: RegisterDeviceRequest) => call(deviceEndpoints.register, { body }),
  update: (id: string, body: UpdateDeviceRequest) => call(deviceEndpoints.update, { params: { id }, body }),
  remove: (id: string) => call(deviceEndpoints.remove, { params: { id } }),
  send: (body: CreateDeviceSendRequest) => call(deviceSendEndpoints.create, { body }),
  pending: () => call(deviceSendEndpoints.pending),
  /** The HTTP twin of `device:send-ack`, for a send pulled while the socket is not connected. */
  ack: (id: string) => call(deviceSendEndpoints.ack, { params: { id } }),
};
