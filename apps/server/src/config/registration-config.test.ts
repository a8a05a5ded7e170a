import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('REGISTRATION, REGISTRATION_EMAIL_DOMAINS and ADMIN_EMAILS', () => {
  test('unset or blank: the sign-up settings are left to the console, no admin named', () => {
    const unset = { mode: undefined, emailDomains: undefined, adminEmails: [] };
    expect(loadConfig({}).registration).toEqual(unset);
    expect(loadConfig({ REGISTRATION: ' ', REGISTRATION_EMAIL_DOMAINS: '' }).registration).toEqual(unset);
  });

  test.each(['open', 'invite', 'closed', ' Closed '])('REGISTRATION=%s', (value) => {
    expect(loadConfig({ REGISTRATION: value }).registration.mode).toBe(value.trim().toLowerCase());
  });

  test('another mode stops the start, naming the variable and the modes', () => {
    const attempt = () => loadConfig({ REGISTRATION: 'invite_only' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/REGISTRATION: must be one of open, invite, closed/);
  });

  test('the lists are lower-cased, trimmed and without repeats', () => {
    const { registration } = loadConfig({
      REGISTRATION_EMAIL_DOMAINS: ' Example.com,example.org ,, EXAMPLE.COM',
      ADMIN_EMAILS: 'Ada@Example.com, bob@example.org',
    });
    expect(registration.emailDomains).toEqual(['example.com', 'example.org']);
    expect(registration.adminEmails).toEqual(['ada@example.com', 'bob@example.org']);
  });

  test('a domain or an address that is not one stops the start, naming it', () => {
    expect(() => loadConfig({ REGISTRATION_EMAIL_DOMAINS: 'example.com, @example.org' })).toThrow(
      /REGISTRATION_EMAIL_DOMAINS: not an e-mail domain \(e\.g\. example\.com\): @example\.org/,
    );
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada@example.com bob@example.com' })).toThrow(
      /ADMIN_EMAILS: not an e-mail address: ada@example\.com bob@example\.com/,
    );
  });
});
