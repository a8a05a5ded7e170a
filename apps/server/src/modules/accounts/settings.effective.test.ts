import { describe, expect, test } from 'vitest';
import { effectiveRegistrationOf, effectiveSettingsOf } from './settings.effective';

const unset = { mode: undefined, emailDomains: undefined, adminEmails: [] };

describe('the effective sign-up settings: the environment, else the console, else the default', () => {
  test('nothing set: open to any domain, from the default, editable', () => {
    expect(effectiveRegistrationOf(unset, {})).toEqual({
      mode: { value: 'open', source: 'default', editable: true },
      emailDomains: { value: [], source: 'default', editable: true },
    });
  });

  test("the console's values where the environment leaves them unset", () => {
    expect(effectiveRegistrationOf(unset, { mode: 'invite', emailDomains: ['example.com'] })).toEqual({
      mode: { value: 'invite', source: 'console', editable: true },
      emailDomains: { value: ['example.com'], source: 'console', editable: true },
    });
  });

  test("the environment wins over the console, each setting on its own, and greys the console's control", () => {
    const environment = { ...unset, mode: 'closed' as const };
    expect(effectiveRegistrationOf(environment, { mode: 'open', emailDomains: ['example.org'] })).toEqual({
      mode: { value: 'closed', source: 'environment', editable: false },
      emailDomains: { value: ['example.org'], source: 'console', editable: true },
    });
    expect(
      effectiveRegistrationOf({ ...unset, emailDomains: [] }, { emailDomains: ['example.org'] }).emailDomains,
    ).toEqual({ value: [], source: 'environment', editable: false });
  });
});

describe('the history cap: the environment, else the console, else none', () => {
  const registration = unset;
  test('none set: no cap, editable', () => {
    expect(effectiveSettingsOf({ registration, clipRetentionDays: undefined }, {}).clipRetentionDays).toEqual({
      value: null,
      source: 'default',
      editable: true,
    });
  });

  test("the console's cap where the environment sets none; the environment's wins and greys the control", () => {
    expect(
      effectiveSettingsOf({ registration, clipRetentionDays: undefined }, { clipRetentionDays: 90 }).clipRetentionDays,
    ).toEqual({ value: 90, source: 'console', editable: true });
    expect(
      effectiveSettingsOf({ registration, clipRetentionDays: 30 }, { clipRetentionDays: 7 }).clipRetentionDays,
    ).toEqual({ value: 30, source: 'environment', editable: false });
  });
});
