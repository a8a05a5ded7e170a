import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/api-error';
import { browserPushProblem, canRetry, turnOnProblem, type PushEnvironment } from './push-problem';

const desktop: PushEnvironment = {
  hasNotification: true,
  hasPushManager: true,
  hasServiceWorker: true,
  isAppleMobile: false,
  isInstalled: false,
  permission: 'default',
};

describe('browserPushProblem', () => {
  test('a browser with the push APIs and no answer yet may try', () => {
    expect(browserPushProblem(desktop)).toBeNull();
    expect(browserPushProblem({ ...desktop, permission: 'granted' })).toBeNull();
  });

  test.each([
    ['no PushManager', { hasPushManager: false }],
    ['no service worker', { hasServiceWorker: false }],
    ['no Notification', { hasNotification: false, permission: undefined }],
  ])('%s: not supported by this browser', (_, lacking) => {
    expect(browserPushProblem({ ...desktop, ...lacking })).toBe('unsupported');
  });

  test('blocked by the person', () => {
    expect(browserPushProblem({ ...desktop, permission: 'denied' })).toBe('blocked');
  });

  test('iPhone or iPad in Safari, not from the Home Screen: install first, whatever APIs it shows', () => {
    expect(browserPushProblem({ ...desktop, isAppleMobile: true, hasPushManager: false })).toBe('install-first');
    expect(browserPushProblem({ ...desktop, isAppleMobile: true })).toBe('install-first');
    expect(browserPushProblem({ ...desktop, isAppleMobile: true, isInstalled: true })).toBeNull();
  });
});

describe('turnOnProblem', () => {
  const dom = (name: string, message: string) => new DOMException(message, name);

  test("Chromium's missing push service is no push service, not worth a retry", () => {
    const problem = turnOnProblem(dom('AbortError', 'Registration failed - push service not available'), 'granted');
    expect(problem).toBe('no-push-service');
    expect(canRetry(problem)).toBe(false);
    // Headless and incognito Chromium: refused as if blocked, though the permission is granted.
    expect(turnOnProblem(dom('AbortError', 'Registration failed - permission denied'), 'granted')).toBe(
      'no-push-service',
    );
    expect(turnOnProblem(dom('NotSupportedError', 'Push is not supported'), 'granted')).toBe('no-push-service');
  });

  test('a push service that refused otherwise may be tried again', () => {
    for (const error of [
      dom('AbortError', 'Registration failed - could not connect to push server'),
      dom('NotAllowedError', 'Registration failed - missing applicationServerKey'),
      dom('InvalidStateError', 'Registration failed'),
    ]) {
      expect(turnOnProblem(error, 'granted')).toBe('refused');
    }
    expect(canRetry('refused')).toBe(true);
  });

  test('a refusal after the permission was blocked is blocked', () => {
    expect(turnOnProblem(dom('NotAllowedError', 'Registration failed - permission denied'), 'denied')).toBe('blocked');
  });

  test("the server's answers", () => {
    expect(turnOnProblem(new ApiError('private', 422, 'PUSH_SERVICE_NOT_ALLOWED'), 'granted')).toBe(
      'service-not-allowed',
    );
    expect(turnOnProblem(new ApiError('Server error', 500, 'INTERNAL'), 'granted')).toBe('failed');
    expect(turnOnProblem(new TypeError('Failed to fetch'), 'granted')).toBe('failed');
    expect(canRetry('failed')).toBe(true);
    expect(canRetry('service-not-allowed')).toBe(false);
    expect(canRetry('blocked')).toBe(false);
  });
});
