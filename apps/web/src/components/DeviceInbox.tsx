import { useState } from 'react';
import { useRegisterThisDevice } from '../api/device-queries';
import { useRegisterDeviceKey } from '../api/nearness-queries';
import { thisDeviceRegistration } from '../lib/this-device';
import { useDeviceSends } from '../realtime/use-device-sends';
import { useNearResponder } from '../realtime/use-near-responder';
import { useAuth } from '../session/auth-context';
import { ReceivedFilesTray } from './ReceivedFilesTray';
import { useDirectFileToasts } from './use-direct-file-toasts';
import { useReceivedSendToasts } from './use-received-send-toasts';

/**
 * In every signed-in page: this browser registers as one of the account's devices (once per session; the
 * server answers the same device again) with its nearness key, what is sent to it shows as a toast, and
 * another of the account's devices may open a direct link to it (decision 030); the files it sends that way
 * wait in a tray until saved or dismissed.
 */
export function DeviceInbox() {
  const { user, status } = useAuth();
  const userId = status === 'signedIn' ? user?.id : undefined;
  const [registration] = useState(thisDeviceRegistration);
  const thisDevice = useRegisterThisDevice(userId, registration);
  useRegisterDeviceKey(userId, thisDevice.data);
  const showReceived = useReceivedSendToasts(thisDevice.data);
  useDeviceSends(userId, { isRegistered: thisDevice.isSuccess, onReceive: showReceived });
  const serveFiles = useDirectFileToasts(thisDevice.data);
  useNearResponder(userId, thisDevice.data, serveFiles);
  return <ReceivedFilesTray />;
}
