/**
 * No enumeration by timing (docs/security.md#accounts-mail-and-sessions: the same answer, as fast, for every address):
 * `POST /api/auth/forgot-password` and `POST /api/auth/register` must answer a known address as fast as an unknown one.
 * Mail leaves through the server's in-process queue, so a request must not wait for it: the real server sends to a real
 * SMTP server run here on loopback, which takes `--smtp-delay-ms` to accept each message like a distant one, so a
 * request that waited for its mail would show it. Known and unknown calls alternate (A B A B) on one server; the figure
 * is the ratio of their medians. Not one of the performance budgets: a bar (≤ 1.25) reported as `within`.
 *
 *   npm run bench -- auth-timing [--calls 30] [--smtp-delay-ms 200]
 *                                [--database-url postgres://user@127.0.0.1:5432/postgres] [--timeout 120]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { createThrowawayDatabase, describeDatabase } from './lib/database';
import { httpRequest, keepAliveAgent } from './lib/http';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild } from './lib/server-child';
import { median, percentile, round2 } from './lib/stats';
import type { AccountsRequest } from './servers/clipsync-fixtures';

const RATIO_MAX = 1.25;
/** Calls per side before the measured ones (JIT, argon2's first hash, prepared plans); not counted. */
const WARMUP_CALLS = 3;
/**
 * Between calls: the previous call's mail job (building the mail, a reset token's insert, the SMTP dialogue up
 * to DATA) runs in the server in the meantime, not during the next measured call. What is left is waiting for
 * the SMTP server's delayed answer, which costs the server nothing.
 */
const PAUSE_MS = 50;
/** How long the mails may take to arrive once the calls are done (they are sent in parallel). */
const MAIL_WAIT_MS = 20_000;
const PASSWORD = 'correct horse battery staple';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '30' },
    'smtp-delay-ms': { type: 'string', default: '200' },
    'database-url': { type: 'string' },
    timeout: { type: 'string', default: '120' },
  },
});
const calls = positiveInt('auth-timing', 'calls', values.calls);
const smtpDelayMs = positiveInt('auth-timing', 'smtp-delay-ms', values['smtp-delay-ms']);
const disarm = guardScenario('auth-timing', positiveInt('auth-timing', 'timeout', values.timeout));

/** A real SMTP server in this process: counts each message, and accepts it only after `smtpDelayMs`. */
async function startSmtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        }, smtpDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received };
}

/**
 * Each case: the endpoint, how its known addresses are made (accounts created beforehand) and the body sent.
 * The unknown side is always an address never seen. Every call has an address of its own, so the per-address
 * limits (8 per 15 minutes) and mail cooldowns never apply.
 */
const CASES = {
  'forgot-password': { path: '/api/auth/forgot-password', known: 'confirmed' },
  register: { path: '/api/auth/register', known: 'confirmed' },
  'register-unconfirmed': { path: '/api/auth/register', known: 'unconfirmed' },
} as const;
type CaseName = keyof typeof CASES;
type Side = 'known' | 'unknown';
const SIDES: Side[] = ['known', 'unknown'];

const addressesOf = (name: CaseName, side: Side) =>
  Array.from({ length: WARMUP_CALLS + calls }, (_, index) => `${side}-${name}-${index}@bench.example.com`);
const bodyOf = (name: CaseName, email: string) =>
  CASES[name].path.endsWith('/register') ? { name: 'Bench User', email, password: PASSWORD } : { email };

// PGlite in a temporary DATA_DIR, as a self-hosted instance runs; or a throw-away PostgreSQL database.
const dataDir = temporaryDirectory();
const databaseUrl = values['database-url'] ? await createThrowawayDatabase(values['database-url']) : 'data-dir';
const smtp = await startSmtpServer();
const serverScript = fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url));
const server = await startServerChild(serverScript, {
  nodeFlags: PRODUCTION_V8_FLAGS,
  env: {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    // Every call comes from 127.0.0.1: the per-address limits would refuse the run, not time it.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_MINUTE: '1000000',
  },
});
console.error(`auth-timing: ClipSync on ${describeDatabase(databaseUrl)}, SMTP accepts after ${smtpDelayMs} ms`);

for (const name of Object.keys(CASES) as CaseName[]) {
  const request: AccountsRequest = { emails: addressesOf(name, 'known'), confirmed: CASES[name].known === 'confirmed' };
  await server.call('createAccounts', request, 60_000);
}

const agent = keepAliveAgent(1);
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
/** Every answer's status and body: known and unknown must also read the same. */
const answers = new Map<CaseName, Set<string>>();
let mailsExpected = 0;

async function call(name: CaseName, side: Side, email: string) {
  const body = JSON.stringify(bodyOf(name, email));
  const headers = { 'content-type': 'application/json' };
  const url = `http://127.0.0.1:${server.port}${CASES[name].path}`;
  const sentAt = performance.now();
  const response = await httpRequest(url, { method: 'POST', headers, body, agent });
  const ms = performance.now() - sentAt;
  const answer = `${response.status} ${response.body.toString()}`;
  answers.set(name, (answers.get(name) ?? new Set()).add(answer));
  // Register mails every address (confirmation or "already registered"); forgot only an account's owner.
  if (response.status === 200 && (name !== 'forgot-password' || side === 'known')) mailsExpected++;
  return { ms, ok: response.status === 200 };
}

interface Sample {
  latenciesMs: number[];
  errors: number;
}

/** Known, unknown, known, unknown…, one call at a time on one keep-alive connection; warm-up calls first. */
async function measureCase(name: CaseName): Promise<Record<Side, Sample>> {
  const samples: Record<Side, Sample> = {
    known: { latenciesMs: [], errors: 0 },
    unknown: { latenciesMs: [], errors: 0 },
  };
  const addresses = { known: addressesOf(name, 'known'), unknown: addressesOf(name, 'unknown') };
  for (let index = 0; index < WARMUP_CALLS + calls; index++) {
    for (const side of SIDES) {
      const { ms, ok } = await call(name, side, addresses[side][index]!);
      if (index >= WARMUP_CALLS) samples[side].latenciesMs.push(ms);
      if (!ok) samples[side].errors++;
      await pause();
    }
  }
  return samples;
}

const summarize = (sample: Sample) => ({
  median: round2(median(sample.latenciesMs)),
  p90: round2(percentile(sample.latenciesMs, 90)),
  max: round2(Math.max(...sample.latenciesMs)),
  errors: sample.errors,
});

const cases: Record<string, object> = {};
const ratios: number[] = [];
let errors = 0;
try {
  for (const name of Object.keys(CASES) as CaseName[]) {
    const samples = await measureCase(name);
    const known = summarize(samples.known);
    const unknown = summarize(samples.unknown);
    const ratio = round2(known.median / unknown.median);
    ratios.push(ratio);
    errors += known.errors + unknown.errors;
    cases[name] = {
      known: { ...known, account: CASES[name].known },
      unknown,
      ratio,
      within: ratio <= RATIO_MAX,
      sameAnswer: answers.get(name)?.size === 1,
    };
    console.error(
      `  ${name}: known ${known.median} ms (p90 ${known.p90}), unknown ${unknown.median} ms (p90 ${unknown.p90}),` +
        ` ratio ${ratio}, ${known.errors + unknown.errors} errors`,
    );
  }
} finally {
  agent.destroy();
}

// The mails go out in parallel, each held `smtpDelayMs` by the SMTP server: wait for all before stopping.
const mailDeadline = Date.now() + MAIL_WAIT_MS;
while (smtp.received.length < mailsExpected && Date.now() < mailDeadline) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const mails = { expected: mailsExpected, received: smtp.received.length };
await server.stop();

const within = ratios.every((ratio) => ratio <= RATIO_MAX);
disarm();
await printResult(
  {
    scenario: 'auth-timing',
    machine: machine(),
    database: describeDatabase(databaseUrl),
    calls,
    smtpDelayMs,
    pauseMs: PAUSE_MS,
    cases,
    worstRatio: Math.max(...ratios),
    mails,
    errors,
    bar: { ratioMax: RATIO_MAX },
    within,
  },
  errors > 0 || mails.received < mails.expected,
);
