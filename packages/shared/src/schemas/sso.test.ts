import { describe, expect, test } from 'vitest';
import { providerNameOf } from './sso';

describe('the provider as a sentence names it', () => {
  test.each([
    ['Sign in with SSO', 'SSO'],
    ['Sign in with Team ID', 'Team ID'],
    ['SIGN IN WITH Authentik', 'Authentik'],
    ['sign in with  Okta', 'Okta'],
    ['Team ID', 'Team ID'],
    ['Use Sign in with SSO', 'Use Sign in with SSO'],
    ['Sign in with', 'Sign in with'],
  ])('%j is named %j', (buttonText, name) => {
    expect(providerNameOf(buttonText)).toBe(name);
  });
});
