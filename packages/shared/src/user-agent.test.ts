import { describe, expect, test } from 'vitest';
import { parseUserAgent } from './user-agent';

/** Real user agents, as the browsers, the installed app and the tools sent them. */
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromeAndroidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  // The installed app is the browser it was installed from: it sends that browser's User-Agent.
  installedAppWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  cli: 'clipsync/0.1.0 node/20.18.0 linux',
  curl: 'curl/8.5.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  test.each([
    [UA.chromeWindows, 'Chrome', 'Windows', 'desktop'],
    [UA.chromeAndroid, 'Chrome', 'Android', 'phone'],
    [UA.chromeAndroidTablet, 'Chrome', 'Android', 'tablet'],
    [UA.chromeIphone, 'Chrome', 'iPhone', 'phone'],
    [UA.chromebook, 'Chrome', 'ChromeOS', 'desktop'],
    [UA.edgeWindows, 'Edge', 'Windows', 'desktop'],
    [UA.operaMac, 'Opera', 'macOS', 'desktop'],
    [UA.firefoxLinux, 'Firefox', 'Linux', 'desktop'],
    [UA.firefoxAndroid, 'Firefox', 'Android', 'phone'],
    [UA.safariIphone, 'Safari', 'iPhone', 'phone'],
    [UA.safariIpad, 'Safari', 'iPad', 'tablet'],
    [UA.safariMac, 'Safari', 'macOS', 'desktop'],
    [UA.samsungAndroid, 'Samsung Internet', 'Android', 'phone'],
    [UA.installedAppWindows, 'Edge', 'Windows', 'desktop'],
  ])('a browser: %s is %s on %s, a %s', (userAgent, browser, system, form) => {
    expect(parseUserAgent(userAgent)).toEqual({ tool: undefined, browser, system, isBot: false, form });
  });

  test('the clipsync CLI and curl are tools, not browsers; curl, a script, counts as a bot', () => {
    expect(parseUserAgent(UA.cli)).toMatchObject({ tool: 'clipsync CLI', browser: undefined, isBot: false });
    expect(parseUserAgent(UA.curl)).toMatchObject({ tool: 'curl', browser: undefined, isBot: true });
  });

  test.each([UA.googlebot, UA.slackbot, UA.facebook, UA.headless])('a bot: %s', (userAgent) => {
    expect(parseUserAgent(userAgent).isBot).toBe(true);
  });

  test('no User-Agent, or a blank one, is a bot that says nothing else', () => {
    for (const userAgent of [undefined, '', '  ']) {
      expect(parseUserAgent(userAgent)).toEqual({
        tool: undefined,
        browser: undefined,
        system: undefined,
        isBot: true,
        form: 'desktop',
      });
    }
  });

  test('client hints name the brand and platform the User-Agent hides; an empty platform leaves it to the string', () => {
    const brave = [{ brand: 'Not A(Brand' }, { brand: 'Brave' }, { brand: 'Chromium' }];
    expect(parseUserAgent(UA.chromeWindows, { brands: brave, platform: 'Windows' })).toMatchObject({
      browser: 'Brave',
      system: 'Windows',
    });
    const chrome = [{ brand: 'Google Chrome' }, { brand: 'Chromium' }];
    expect(parseUserAgent(UA.chromebook, { brands: chrome, platform: '' }).system).toBe('ChromeOS');
    expect(parseUserAgent('', { brands: chrome, platform: 'Chrome OS' })).toMatchObject({
      browser: 'Chrome',
      system: 'ChromeOS',
    });
  });
});
