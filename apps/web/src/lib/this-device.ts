import type { RegisterDeviceRequest } from '@clipsync/shared';
import { currentDeviceName } from './device-name';

/** What names no browser and no system: the server takes it as this device's name all the same. */
const UNKNOWN_DEVICE_NAME = 'Browser';

interface DisplayEnvironment {
  matchMedia?: (query: string) => { matches: boolean };
  /** Safari on iOS says so here, not through the media query, for a page added to the Home Screen. */
  navigatorStandalone?: boolean;
}

/** The installed app runs in its own window (`display-mode: standalone`); a tab of the browser does not. */
export function isInstalledApp({ matchMedia, navigatorStandalone }: DisplayEnvironment): boolean {
  return navigatorStandalone === true || Boolean(matchMedia?.('(display-mode: standalone)').matches);
}

/**
 * How this browser registers as one of the account's devices: named from the platform as LAN peers are
 * ("Chrome on Android"; English, like every name the server gives), the installed app as an app.
 */
export function thisDeviceRegistration(): RegisterDeviceRequest {
  const environment: DisplayEnvironment =
    typeof window === 'undefined'
      ? {}
      : {
          matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : undefined,
          navigatorStandalone: (navigator as Navigator & { standalone?: boolean }).standalone,
        };
  return {
    name: currentDeviceName() ?? UNKNOWN_DEVICE_NAME,
    kind: isInstalledApp(environment) ? 'app' : 'browser',
  };
}
