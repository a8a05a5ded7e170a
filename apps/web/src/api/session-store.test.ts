import { describe, expect, test, vi } from 'vitest';
import { isSessionExpired, sessionStore } from './session-store';
import { testUser as user } from '../test/fixtures';

describe('session store', () => {
  test("keeps user and session under the 'user' and 'session' keys", () => {
    sessionStore.save(user, { access_token: 'a', refresh_token: 'r', expires_at: 100 });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(user);
    expect(JSON.parse(localStorage.getItem('session') ?? '')).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 100,
    });
    sessionStore.clear();
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getSession()).toBeNull();
  });

  test('token headers replace the stored tokens and set expiry one hour on', () => {
    vi.useFakeTimers({ now: 1_000_000_000_000, toFake: ['Date'] });
    sessionStore.save(user, { access_token: 'a', refresh_token: 'r', expires_at: 100 });
    sessionStore.updateTokens({ accessToken: 'a2' });
    expect(sessionStore.getSession()).toEqual({
      access_token: 'a2',
      refresh_token: 'r',
      expires_at: 1_000_000_000 + 3600,
    });
    vi.useRealTimers();
  });

  test('expired means expires_at × 1000 is not later than now', () => {
    expect(isSessionExpired({ expires_at: 10 }, 10_000)).toBe(true);
    expect(isSessionExpired({ expires_at: 10 }, 9_999)).toBe(false);
  });
});
