import { describe, expect, test } from 'vitest';
import i18n from '../../i18n';
import { validateLogin, validateRegister, validateReset } from './validation';

const text = (key: string | null) => (key ? i18n.t(key) : null);

describe('auth form validation', () => {
  test('login', () => {
    expect(Object.values(validateLogin({ email: '', password: '' })).map(text)).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(text(validateLogin({ email: 'nope', password: 'x' }).email)).toBe('Email is invalid');
  });

  test('register', () => {
    const errors = validateRegister({ name: '  ', email: 'a@b.co', password: '1234567', confirmPassword: 'x' });
    expect(Object.values(errors).map(text)).toEqual([
      'Name is required',
      null,
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]);
  });

  test('reset: match first, then at least 6', () => {
    expect(text(validateReset({ password: 'abcdef', confirmPassword: 'abcdeg' }))).toBe('Passwords do not match.');
    expect(text(validateReset({ password: 'abc', confirmPassword: 'abc' }))).toBe(
      'Password must be at least 6 characters long.',
    );
    expect(validateReset({ password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
