import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  test('defaults give the embedded mode on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      rateLimitPerMinute: 600,
      authRateLimitPerIp: 20,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  test.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test('the sign-in attempt limit per address can be raised, never made zero', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_IP: '1000' }).authRateLimitPerIp).toBe(1000);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow(/AUTH_RATE_LIMIT_PER_IP:/);
  });

  test('PUBLIC_URL is reduced to its origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://clips.example.com/some/path' }).publicUrl).toBe(
      'https://clips.example.com',
    );
  });

  test('every bad variable is named in one readable message', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT:/);
    expect(attempt).toThrow(/DATABASE_URL:/);
    expect(attempt).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  test('production with PostgreSQL requires a shared JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/clipsync' })).toThrow(/JWT_SECRET/);
  });
});
