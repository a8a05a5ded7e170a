import { afterEach, describe, expect, test, vi } from 'vitest';
import { isInstalledApp, thisDeviceRegistration } from './this-device';

const media = (standalone: boolean) => (query: string) => ({
  matches: standalone && query === '(display-mode: standalone)',
});

describe('this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the installed app is told by its standalone window, or by iOS Safari’s own flag', () => {
    expect(isInstalledApp({ matchMedia: media(true) })).toBe(true);
    expect(isInstalledApp({ matchMedia: media(false), navigatorStandalone: true })).toBe(true);
    expect(isInstalledApp({ matchMedia: media(false) })).toBe(false);
    expect(isInstalledApp({})).toBe(false);
  });

  test('registers as a browser named from its platform, or as the app in a standalone window', () => {
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      maxTouchPoints: 0,
    });
    vi.stubGlobal('matchMedia', media(false));
    expect(thisDeviceRegistration()).toEqual({ name: 'Firefox on Windows', kind: 'browser' });
    vi.stubGlobal('matchMedia', media(true));
    expect(thisDeviceRegistration()).toEqual({ name: 'Firefox on Windows', kind: 'app' });
  });

  test('a browser that names nothing is still a device', () => {
    vi.stubGlobal('navigator', { userAgent: 'curious-agent', maxTouchPoints: 0 });
    vi.stubGlobal('matchMedia', media(false));
    expect(thisDeviceRegistration()).toEqual({ name: 'Browser', kind: 'browser' });
  });
});
