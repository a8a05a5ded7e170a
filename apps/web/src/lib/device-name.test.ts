import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { currentDeviceName, describeDevice, newDeviceName, saveDeviceName, storedDeviceName } from './device-name';

/** Real user agents, as the browsers sent them. */
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('device name', () => {
  test.each([
    [UA.chromeWindows, 'Chrome on Windows'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.firefoxLinux, 'Firefox on Linux'],
    [UA.safariIphone, 'Safari on iPhone'],
    [UA.chromeIphone, 'Chrome on iPhone'],
    [UA.safariMac, 'Safari on macOS'],
    [UA.samsungAndroid, 'Samsung Internet on Android'],
    [UA.firefoxAndroid, 'Firefox on Android'],
    [UA.operaMac, 'Opera on macOS'],
    [UA.chromebook, 'Chrome on ChromeOS'],
  ])('from the user agent %s: %s', (userAgent, name) => {
    expect(describeDevice({ userAgent })).toBe(name);
  });

  test('client hints, when the browser gives them, name the brand the user agent hides', () => {
    const brands = [{ brand: 'Not A(Brand' }, { brand: 'Brave' }, { brand: 'Chromium' }];
    expect(describeDevice({ userAgent: UA.chromeWindows, userAgentData: { brands, platform: 'Windows' } })).toBe(
      'Brave on Windows',
    );
    const edge = [{ brand: 'Microsoft Edge' }, { brand: 'Chromium' }, { brand: 'Not_A Brand' }];
    expect(describeDevice({ userAgent: '', userAgentData: { brands: edge, platform: 'macOS' } })).toBe('Edge on macOS');
  });

  test('client hints with an empty platform leave the system to the user agent', () => {
    const brands = [{ brand: 'Google Chrome' }, { brand: 'Chromium' }];
    expect(describeDevice({ userAgent: UA.chromebook, userAgentData: { brands, platform: '' } })).toBe(
      'Chrome on ChromeOS',
    );
  });

  test('an iPad, which presents itself as a Mac, is told apart by its touch screen', () => {
    expect(describeDevice({ userAgent: UA.safariMac, maxTouchPoints: 5 })).toBe('Safari on iPad');
    expect(describeDevice({ userAgent: UA.safariMac, maxTouchPoints: 0 })).toBe('Safari on macOS');
  });

  test('half known is named by its half; nothing known leaves the name to the server', () => {
    expect(describeDevice({ userAgent: 'SomeBrowser/1.0 (Windows NT 10.0)' })).toBe('Browser on Windows');
    expect(describeDevice({ userAgent: 'Mozilla/5.0 Firefox/133.0' })).toBe('Firefox');
    expect(describeDevice({ userAgent: 'curl/8.5.0' })).toBeUndefined();
  });

  describe('this browser', () => {
    afterEach(() => vi.unstubAllGlobals());

    test('reads navigator', () => {
      vi.stubGlobal('navigator', { userAgent: UA.firefoxLinux, maxTouchPoints: 0 });
      expect(currentDeviceName()).toBe('Firefox on Linux');
    });
  });
});

describe('the LAN device name', () => {
  beforeEach(() => localStorage.clear());

  test('a new default is the browser and system and a short word, kept from then on', () => {
    const identity = { userAgent: UA.firefoxLinux, maxTouchPoints: 0 };
    expect(newDeviceName(identity, () => 0)).toBe('Firefox on Linux · Otter');
    expect(newDeviceName(identity, () => 0.99)).not.toBe('Firefox on Linux · Otter');
    const first = storedDeviceName();
    expect(first).toMatch(/ · [A-Z][a-z]+$/);
    expect(storedDeviceName()).toBe(first);
  });

  test('a chosen name is kept trimmed; a blank or too long one is refused and the name before stays', () => {
    const before = storedDeviceName();
    expect(saveDeviceName('   ')).toBeUndefined();
    expect(saveDeviceName('x'.repeat(65))).toBeUndefined();
    expect(storedDeviceName()).toBe(before);
    expect(saveDeviceName('  Kitchen tablet ')).toBe('Kitchen tablet');
    expect(storedDeviceName()).toBe('Kitchen tablet');
  });
});
