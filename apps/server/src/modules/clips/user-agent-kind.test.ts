import { describe, expect, test } from 'vitest';
import { USER_AGENTS } from '../../../test/user-agents';
import { userAgentKind } from './user-agent-kind';

describe('userAgentKind', () => {
  test.each([
    ['chromeDesktop', 'desktop', 'Chrome'],
    ['chromeAndroid', 'phone', 'Chrome'],
    ['chromeAndroidTablet', 'tablet', 'Chrome'],
    ['chromeIos', 'phone', 'Chrome'],
    ['safariIphone', 'phone', 'Safari'],
    ['safariIpad', 'tablet', 'Safari'],
    ['safariMac', 'desktop', 'Safari'],
    ['firefoxLinux', 'desktop', 'Firefox'],
    ['firefoxAndroid', 'phone', 'Firefox'],
    ['edgeWindows', 'desktop', 'Edge'],
    ['opera', 'desktop', 'Opera'],
  ] as const)('%s is a %s running %s', (name, device, browser) => {
    expect(userAgentKind(USER_AGENTS[name])).toEqual({ device, browser });
  });

  test.each(['slackbot', 'twitterbot', 'facebook', 'whatsapp', 'teams', 'discord', 'googlebot', 'curl'] as const)(
    'the %s link fetcher is a bot',
    (name) => {
      expect(userAgentKind(USER_AGENTS[name])).toEqual({ device: 'bot', browser: 'other' });
    },
  );

  test('no user agent, or an empty one, reads as a bot: no browser sends none', () => {
    expect(userAgentKind(undefined)).toEqual({ device: 'bot', browser: 'other' });
    expect(userAgentKind('  ')).toEqual({ device: 'bot', browser: 'other' });
  });
});
