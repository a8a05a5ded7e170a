/**
 * "near transfer" (docs/features.md#my-devices; figures in bench/README.md#results): a file between two of one account's
 * browsers, straight over their data channel against through the server. The web app is built for
 * production and served by the real server (PGlite in a temporary directory); Debian's Chromium (never a
 * download) runs three browser contexts of one account on this machine, each a device: A and B proved near
 * with "Check if nearby" (host candidates on loopback, as the e2e suite has them), and A2 a browser without
 * WebRTC. Each run sends a file of `--mib` MiB of random bytes with "Send files" on My devices:
 *
 * - direct: A → B over the data channel, timed from picking the file until B lists it as received;
 * - relayed: A2 → B through the server, timed from picking the file until B has downloaded it (A2 uploads a
 *   clip and sends it; B gets `device:send` and fetches the file from the server, as Open then Download would).
 *
 * Prints MB/s (1 MB = 10^6 bytes) for each, the median of the runs.
 *
 *   npm run bench -- near-transfer [--runs 3] [--mib 10] [--chrome /usr/bin/chromium] [--timeout 600]
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { buildWeb, startAppServer } from './lib/built-app';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { median, round2 } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    mib: { type: 'string', default: '10' },
    chrome: { type: 'string', default: CHROMIUM_PATH },
    timeout: { type: 'string', default: '600' },
  },
});
const runs = positiveInt('near-transfer', 'runs', values.runs);
const bytes = positiveInt('near-transfer', 'mib', values.mib) * 1024 * 1024;
const disarm = guardScenario('near-transfer', positiveInt('near-transfer', 'timeout', values.timeout));
const STEP_TIMEOUT_MS = 120_000;

const workDir = temporaryDirectory('clipsync-near-transfer-');
const distDir = join(workDir, 'dist');
console.error('near-transfer: building the web app (production) into a temporary directory');
await buildWeb(distDir);
// NODE_ENV=test for the development outbox, which holds the confirmation mail; per-address limits raised
// because every device of the run comes from 127.0.0.1.
const server = await startAppServer({
  distDir,
  dataDir: join(workDir, 'data'),
  env: { NODE_ENV: 'test', AUTH_RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '6000' },
});

/** The page's globals the evaluations below touch (bench/tsconfig.json has no DOM types). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  RTCPeerConnection?: unknown;
}

interface Login {
  user: { id: string };
  session: { access_token: string };
}

async function api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A confirmed account through the real sign-up: register, sign in beside the confirmation link from the outbox. */
async function createAccount() {
  const account = { name: 'Bench', email: `near-${Date.now()}@bench.example`, password: 'bench-password-123' };
  await api('/api/auth/register', { method: 'POST', body: account });
  const { mails } = await api<{ mails: Array<{ to: string; subject: string; links: string[] }> }>('/api/dev/outbox');
  const link = mails.find((mail) => mail.to === account.email && /Confirm/.test(mail.subject))?.links[0];
  if (!link) throw new Error('no confirmation mail in the outbox');
  // The link confirms beside the password its sign-up chose, at sign-in (decision 039).
  const confirmation = new URL(link).searchParams.get('token');
  await api('/api/auth/login', {
    method: 'POST',
    body: { email: account.email, password: account.password, confirmation },
  });
  return account;
}

const logIn = (account: { email: string; password: string }) =>
  api<Login>('/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });

/** The device of `login`'s session, renamed through the API as My devices renames it. */
async function renameCurrentDevice(login: Login, name: string) {
  const headers = { authorization: `Bearer ${login.session.access_token}`, 'content-type': 'application/json' };
  // The page registers its device as it starts: asked until it is there.
  for (let attempt = 0; attempt < 100; attempt++) {
    const listed = (await (await fetch(`${server.url}/api/devices`, { headers })).json()) as {
      devices?: Array<{ id: string; current: boolean }>;
    };
    const current = listed.devices?.find((device) => device.current);
    if (current) {
      const renamed = await fetch(`${server.url}/api/devices/${current.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name }),
      });
      if (!renamed.ok) throw new Error(`renaming the device: ${renamed.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the page did not register its device');
}

/** A browser context signed in with a session of its own (a device), on My devices. */
async function openDevice(
  browser: Browser,
  login: Login,
  options: { withoutWebRtc?: boolean; beforeOpen?: (page: Page) => void } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  if (options.withoutWebRtc) {
    await context.addInitScript(() => {
      delete (globalThis as unknown as PageGlobals).RTCPeerConnection;
    });
  }
  const page = await context.newPage();
  options.beforeOpen?.(page);
  await page.goto('/api/health');
  await page.evaluate(
    ([user, session]) => {
      const { localStorage } = globalThis as unknown as PageGlobals;
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('session', JSON.stringify(session));
    },
    [login.user, login.session] as const,
  );
  await page.goto('/devices');
  return page;
}

/** The file a `device:send` frame names, as B's socket received it. */
function recordSentFileUrls(page: Page, urls: string[]): void {
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const match = /^\d+(\["device:send",.*\])$/.exec(String(payload));
      if (!match) return;
      const [, send] = JSON.parse(match[1]!) as [string, { clip?: { files: Array<{ url: string }> } }];
      for (const file of send.clip?.files ?? []) urls.push(file.url);
    }),
  );
}

const browser = await chromium.launch({
  executablePath: values.chrome,
  args: [...CHROMIUM_FLAGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
});
onCleanup(() => browser.close());

const account = await createAccount();
const a = await openDevice(browser, await logIn(account));
// B gets a name of its own: every context here is "Chromium on Linux".
const bLogin = await logIn(account);
const sentUrls: string[] = [];
const b = await openDevice(browser, bLogin, { beforeOpen: (page) => recordSentFileUrls(page, sentUrls) });
const B_NAME = 'Bench receiver';
await renameCurrentDevice(bLogin, B_NAME);
const a2 = await openDevice(browser, await logIn(account), { withoutWebRtc: true });
/** Until `page` lists `count` devices online (presence is live: no reload needed). */
async function untilOnline(page: Page, count: number) {
  const online = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Online now' });
  const started = performance.now();
  while ((await online.count()) < count) {
    if (performance.now() - started > STEP_TIMEOUT_MS) throw new Error(`fewer than ${count} devices online`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
for (const page of [a, b, a2]) await untilOnline(page, 3);
for (const page of [a, a2]) await page.reload();
const bOn = (page: Page) => page.getByRole('main').getByRole('listitem', { name: B_NAME });

await bOn(a).getByRole('button', { name: 'Check if nearby' }).click();
await bOn(a).getByText('Nearby · verified').waitFor({ timeout: STEP_TIMEOUT_MS });

async function sendFrom(page: Page, name: string, content: Buffer) {
  await bOn(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: content });
}

const directMs: number[] = [];
const relayedMs: number[] = [];
for (let run = 1; run <= runs; run++) {
  const content = randomBytes(bytes);

  const directName = `direct-${run}.bin`;
  let started = performance.now();
  await sendFrom(a, directName, content);
  const tray = b.getByRole('region', { name: 'Files sent to this device' });
  await tray.getByText(new RegExp(`sent you ${directName.replace('.', '\\.')}`)).waitFor({ timeout: STEP_TIMEOUT_MS });
  directMs.push(performance.now() - started);
  await bOn(a)
    .getByText(/^Sent directly to /)
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await tray.getByRole('button', { name: `Dismiss ${directName}` }).click();

  const relayedName = `relayed-${run}.bin`;
  const knownUrls = sentUrls.length;
  started = performance.now();
  await sendFrom(a2, relayedName, content);
  while (sentUrls.length === knownUrls) {
    if (performance.now() - started > STEP_TIMEOUT_MS) throw new Error('B got no device:send');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const received = await b.evaluate(async (url) => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    const session = JSON.parse(localStorage.getItem('session') ?? '{}') as { access_token?: string };
    const response = await fetch(url, { headers: { Authorization: `Bearer ${session.access_token ?? ''}` } });
    return (await response.arrayBuffer()).byteLength;
  }, sentUrls.at(-1)!);
  relayedMs.push(performance.now() - started);
  if (received !== bytes) throw new Error(`B downloaded ${received} bytes of ${bytes}`);
  await bOn(a2)
    .getByText(/^Sent through the server to /)
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  console.error(
    `near-transfer: run ${run}: direct ${Math.round(directMs.at(-1)!)} ms, relayed ${Math.round(relayedMs.at(-1)!)} ms`,
  );
}

const mbPerSecond = (ms: number) => round2(bytes / 1e6 / (ms / 1000));
const result = {
  scenario: 'near-transfer',
  machine: machine(),
  bytes,
  runs,
  directMs: directMs.map(Math.round),
  relayedMs: relayedMs.map(Math.round),
  directMBps: mbPerSecond(median(directMs)),
  relayedMBps: mbPerSecond(median(relayedMs)),
};
console.error(
  `near-transfer: direct ${result.directMBps} MB/s, through the server ${result.relayedMBps} MB/s (medians)`,
);
disarm();
await printResult(result, false);
