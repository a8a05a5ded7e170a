import { describe, expect, test } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  test('the most common passwords, in any case, are refused', () => {
    for (const password of ['123456', 'password', 'qwerty', 'iloveyou', 'Sunshine', 'DRAGON']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  test('an uncommon password passes, and so does one only far down the long list', () => {
    expect(isCommonPassword('brand-new-password')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    // Number 20,003 of the package's list: past the 10,000 refused.
    expect(isCommonPassword('bangers')).toBe(false);
  });
});
