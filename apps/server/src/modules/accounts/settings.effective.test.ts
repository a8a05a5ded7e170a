import { describe, expect, test } from 'vitest';
import { effectiveSettingsOf } from './settings.effective';

const unset = { mode: undefined, emailDomains: undefined, adminEmails: [] };

describe('the effective sign-up settings: the environment, else the console, else the default', () => {
  test('nothing set: open to any domain, from the default, editable', () => {
    expect(effectiveSettingsOf(unset, {})).toEqual({
      mode: { value: 'open', source: 'default', editable: true },
      emailDomains: { value: [], source: 'default', editable: true },
    });
  });

  test("the console's values where the environment leaves them unset", () => {
    expect(effectiveSettingsOf(unset, { mode: 'invite', emailDomains: ['example.com'] })).toEqual({
      mode: { value: 'invite', source: 'console', editable: true },
      emailDomains: { value: ['example.com'], source: 'console', editable: true },
    });
  });

  test("the environment wins over the console, each setting on its own, and greys the console's control", () => {
    const environment = { ...unset, mode: 'closed' as const };
    expect(effectiveSettingsOf(environment, { mode: 'open', emailDomains: ['example.org'] })).toEqual({
      mode: { value: 'closed', source: 'environment', editable: false },
      emailDomains: { value: ['example.org'], source: 'console', editable: true },
    });
    expect(effectiveSettingsOf({ ...unset, emailDomains: [] }, { emailDomains: ['example.org'] }).emailDomains).toEqual(
      { value: [], source: 'environment', editable: false },
    );
  });
});
