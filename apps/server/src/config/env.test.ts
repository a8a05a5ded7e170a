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
      roomInvitationsPerHour: 30,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  test.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('LOG_REQUESTS=%s turns the line per answered request on or off', (value, expected) => {
    expect(loadConfig({ LOG_REQUESTS: value }).logRequests).toBe(expected);
  });

  test('LOG_REQUESTS=yes is refused, naming the variable', () => {
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS/);
  });

  test.each([
    ['false', false],
    ['', false],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8,192.168.1.1/32', ['::1', 'fd00::/8', '192.168.1.1/32']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['true', '1', '2'])('TRUST_PROXY=%s is refused, naming the variable and what to write', (value) => {
    const attempt = () => loadConfig({ TRUST_PROXY: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/TRUST_PROXY: .*any client.*proxy's address or CIDR/);
  });

  test.each(['10.0.0.0/33', 'fd00::/129', 'proxy.local', '10.0.0.1/8/2', '999.1.1.1'])(
    'TRUST_PROXY=%s is not an address or CIDR range',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: not an IP address or CIDR range/);
    },
  );

  test('ALLOWED_ORIGINS is reduced to origins; anything else is refused', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example/x, http://10.0.0.5:3000' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://10.0.0.5:3000',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://a.example' })).toThrow(/ALLOWED_ORIGINS:/);
  });

  test('the sign-in attempt limit per address can be raised, never made zero', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_IP: '1000' }).authRateLimitPerIp).toBe(1000);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow(/AUTH_RATE_LIMIT_PER_IP:/);
  });

  test('METRICS_TOKEN is off by default and refused when too short to resist guessing', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).metricsToken).toBe('a-long-enough-scrape-token');
    const attempt = () => loadConfig({ METRICS_TOKEN: 'short-token' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  test('the shutdown grace defaults to 10 s and is never zero', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '25000' }).shutdownGraceMs).toBe(25_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '0' })).toThrow(/SHUTDOWN_GRACE_MS:/);
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

  describe('Stripe', () => {
    const stripeEnv = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PRICE_BASIC_MONTH: 'price_bm',
      STRIPE_PRICE_BASIC_YEAR: 'price_by',
      STRIPE_PRICE_PRO_MONTH: 'price_pm',
      STRIPE_PRICE_PRO_YEAR: 'price_py',
      STRIPE_PRICE_ADVANCED_MONTH: 'price_am',
      STRIPE_PRICE_ADVANCED_YEAR: 'price_ay',
    };

    test('without keys billing is off', () => {
      expect(loadConfig({}).billing).toBeUndefined();
    });

    test('the keys and six prices turn it on; STRIPE_API_BASE points the SDK elsewhere', () => {
      const billing = loadConfig({ ...stripeEnv, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).billing;
      expect(billing).toMatchObject({
        secretKey: 'sk_test_123',
        webhookSecret: 'whsec_123',
        prices: {
          basic: { month: 'price_bm', year: 'price_by' },
          pro: { month: 'price_pm', year: 'price_py' },
          advanced: { month: 'price_am', year: 'price_ay' },
        },
      });
      expect(billing?.apiBase?.href).toBe('http://127.0.0.1:12111/');
      expect(loadConfig(stripeEnv).billing?.apiBase).toBeUndefined();
    });

    test('a partial set fails, naming every missing variable', () => {
      const attempt = () =>
        loadConfig({ ...stripeEnv, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PRICE_PRO_YEAR: undefined });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_YEAR/);
    });

    test('STRIPE_API_BASE must be an http(s) URL', () => {
      expect(() => loadConfig({ ...stripeEnv, STRIPE_API_BASE: 'localhost:12111' })).toThrow(/STRIPE_API_BASE:/);
    });
  });

  describe('S3', () => {
    const s3Env = { S3_BUCKET: 'clipsync-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

    test('without S3_BUCKET files stay on disk', () => {
      expect(loadConfig({}).s3).toBeUndefined();
    });

    test('S3_BUCKET turns it on: AWS in us-east-1, virtual-hosted addresses', () => {
      expect(loadConfig(s3Env).s3).toEqual({
        bucket: 'clipsync-files',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      });
    });

    test('an endpoint means path-style addresses unless S3_FORCE_PATH_STYLE says otherwise', () => {
      const minio = { ...s3Env, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3' };
      expect(loadConfig(minio).s3).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        forcePathStyle: true,
      });
      expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
      expect(loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
    });

    test("without keys the SDK's default credential chain is used", () => {
      expect(loadConfig({ S3_BUCKET: 'clipsync-files' }).s3?.credentials).toBeUndefined();
    });

    test('half a key pair is refused, naming the missing half', () => {
      const withoutSecret = () => loadConfig({ ...s3Env, S3_SECRET_ACCESS_KEY: undefined });
      expect(withoutSecret).toThrow(ConfigError);
      expect(withoutSecret).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/);
      expect(() => loadConfig({ ...s3Env, S3_ACCESS_KEY_ID: undefined })).toThrow(
        /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
      );
    });

    test('S3 settings without S3_BUCKET are refused, naming each', () => {
      const attempt = () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3' });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/S3_ENDPOINT, S3_REGION given without S3_BUCKET/);
    });

    test.each([
      ['S3_BUCKET', 'My_Bucket', /S3_BUCKET: must be a bucket name/],
      ['S3_ENDPOINT', 'minio:9000', /S3_ENDPOINT:/],
      ['S3_FORCE_PATH_STYLE', 'yes', /S3_FORCE_PATH_STYLE: must be true or false/],
    ])('%s=%s is refused', (name, value, message) => {
      expect(() => loadConfig({ ...s3Env, [name]: value })).toThrow(message);
    });
  });

  test('production with PostgreSQL requires a shared JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/clipsync' })).toThrow(/JWT_SECRET/);
  });
});
