import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium';
import { ADMIN_SLOTS, adminEmailOf } from './e2e/support/admin-slots';
import {
  SSO_BASE_URL,
  SSO_ONLY_ADMIN_EMAIL,
  SSO_ONLY_BASE_URL,
  SSO_PROVIDER_PORT,
  ssoOnlyServerPortOf,
  ssoServerPortOf,
} from './e2e/support/sso-server';

/**
 * End-to-end journeys in Debian's Chromium (never a downloaded browser) against the real server: the web
 * app is built, then the server serves it with the API on a fresh embedded database.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'clipsync-e2e-'));
/**
 * Payments are on, against the Stripe stand-in (apps/server/test/stripe-stand-in.ts): its checkout page's
 * Pay button sends the app a signed `checkout.session.completed`. New accounts start on the 7-day trial
 * with every feature, so the other journeys are not gated.
 */
const stripeStandInPort = Number(process.env.E2E_STRIPE_PORT ?? port + 20_000);
const stripeWebhookSecret = 'whsec_e2e_stand_in';
const stripePrices = Object.fromEntries(
  ['BASIC', 'PRO', 'ADVANCED'].flatMap((plan) =>
    ['MONTH', 'YEAR'].map((interval) => [
      `STRIPE_PRICE_${plan}_${interval}`,
      `price_${plan.toLowerCase()}_${interval.toLowerCase()}`,
    ]),
  ),
);

/** What both e2e servers run with; each adds its port, address, data and admins. */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Every journey comes from 127.0.0.1, so per-address limits would throttle the suite as a whole;
  // the limits themselves are tested in the server suite. High enough that no number of
  // journeys signing in within its 15 minutes is ever refused for the suite's sake.
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  RATE_LIMIT_PER_MINUTE: '1000000',
  // The browser plays its own proxy: a context that sends X-Forwarded-For (extraHTTPHeaders) is a
  // device of another network, so LAN grouping is tested without root's network namespaces. Contexts
  // that send none are 127.0.0.1, as before.
  TRUST_PROXY: '127.0.0.1',
  // push.spec.ts's browsers subscribe at a loopback stand-in endpoint: a push service the operator trusts.
  PUSH_TRUSTED_HOSTS: '127.0.0.1',
  NODE_ENV: 'test',
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
  STRIPE_API_BASE: `http://127.0.0.1:${stripeStandInPort}`,
  ...stripePrices,
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A journey of many steps took 32 s once on CI's two loaded cores (everyday-access, 2026-11-23); a test
  // that is stuck still fails, just later.
  timeout: 60_000,
  // CI's two cores run the server, two browsers and the JSON reporters at once: a login followed by a
  // lazy route chunk once took just over the default 5 s there (auth-session, 2026-11-23), and a sign-in
  // that then joins a room and opens it just over 10 s (rooms, 2026-11-28, beside the first-run journey's
  // own server). Only a failing assertion waits this long.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL,
    // A failure keeps its trace (actions, console, network, sources) and a screenshot of each page as it
    // ended; the DOM snapshot and screencast frames at every action, which every passing test paid for and
    // threw away, are not recorded.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    // The production build registers a service worker, which would answer requests that specs mock with
    // page.route and keep pages working offline; the installed app's own specs (pwa*.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // The console's admins signed up once, before any journey that signs in as one (e2e/admin-slots.setup.ts).
    { name: 'admin-slots', testMatch: 'admin-slots.setup.ts' },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['admin-slots'] },
  ],
  webServer: [
    {
      command: 'npx tsx apps/server/test/stripe-stand-in-cli.ts',
      url: `http://127.0.0.1:${stripeStandInPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        STRIPE_STAND_IN_PORT: String(stripeStandInPort),
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_STAND_IN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
      },
    },
    {
      // The web app is built as `npm start` builds it: the server's NODE_ENV below would otherwise reach
      // Vite and ship React's development build, which is not what users run.
      command: 'NODE_ENV=production npm run build && npm run start -w @clipsync/server',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        ...serverEnv,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        // The console's journeys each sign in as their own admin (e2e/support/accounts.ts, signInAdmin).
        ADMIN_EMAILS: ADMIN_SLOTS.map(adminEmailOf).join(','),
      },
    },
    // Sign-in through an identity provider: oidc-provider with its own login and consent pages, and a
    // server configured for it (e2e/sso.spec.ts), on a data dir of its own.
    {
      command: 'npx tsx apps/server/test/oidc-provider-cli.ts',
      url: `http://127.0.0.1:${SSO_PROVIDER_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        OIDC_TEST_PORT: String(SSO_PROVIDER_PORT),
        OIDC_TEST_REDIRECT_URI: [SSO_BASE_URL, SSO_ONLY_BASE_URL]
          .map((base) => `${base}/api/auth/sso/callback`)
          .join(','),
      },
    },
    {
      command: 'npm run start -w @clipsync/server',
      url: `${SSO_BASE_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...serverEnv,
        PORT: String(ssoServerPortOf(port)),
        PUBLIC_URL: SSO_BASE_URL,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'clipsync-e2e-sso-')),
        OIDC_ISSUER: `http://127.0.0.1:${SSO_PROVIDER_PORT}`,
        OIDC_CLIENT_ID: 'clipsync',
        OIDC_CLIENT_SECRET: 'clipsync-test-client-secret',
        OIDC_BUTTON_TEXT: 'Sign in with Team ID',
      },
    },
    // The same provider for a server that signs in through it only (e2e/sso-only.spec.ts): passwords are its
    // admins' way back.
    {
      command: 'npm run start -w @clipsync/server',
      url: `${SSO_ONLY_BASE_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...serverEnv,
        PORT: String(ssoOnlyServerPortOf(port)),
        PUBLIC_URL: SSO_ONLY_BASE_URL,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'clipsync-e2e-sso-only-')),
        OIDC_ISSUER: `http://127.0.0.1:${SSO_PROVIDER_PORT}`,
        OIDC_CLIENT_ID: 'clipsync',
        OIDC_CLIENT_SECRET: 'clipsync-test-client-secret',
        OIDC_BUTTON_TEXT: 'Sign in with Team ID',
        OIDC_ONLY: 'true',
        ADMIN_EMAILS: SSO_ONLY_ADMIN_EMAIL,
      },
    },
  ],
});
