import { useState } from 'react';
import { useRegisterThisDevice } from '../api/device-queries';
import { thisDeviceRegistration } from '../lib/this-device';
import { useDeviceSends } from '../realtime/use-device-sends';
import { useAuth } from '../session/auth-context';
import { useReceivedSendToasts } from './use-received-send-toasts';

/**
 * In every signed-in page: this browser registers as one of the account's devices (once per session; the
 * server answers the same device again), and what is sent to it shows as a toast.
 */
export function DeviceInbox() {
  const { user, status } = useAuth();
  const userId = status === 'signedIn' ? user?.id : undefined;
  const [registration] = useState(thisDeviceRegistration);
  const thisDevice = useRegisterThisDevice(userId, registration);
  const showReceived = useReceivedSendToasts(thisDevice.data);
  useDeviceSends(userId, { isRegistered: thisDevice.isSuccess, onReceive: showReceived });
  return null;
}
