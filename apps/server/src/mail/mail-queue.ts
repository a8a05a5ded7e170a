import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer';

/**
 * Builds the mail when it is sent, so a reset link is issued only for a mail that really goes out; undefined when
 * it finds then that there is nothing to send (a link no longer worth it).
 */
export type MailJob = () => Mail | undefined | Promise<Mail | undefined>;

export interface MailQueue {
  /**
   * Queues a mail and returns at once, so no request waits for (or reveals) the mail transport. With a
   * `cooldownKey`, at most one mail per key leaves per cooldown: a newer one waits for the cooldown's end
   * and replaces any mail still waiting under that key, so the last one asked for is the one delivered; with
   * `unlessWaiting`, a mail already waiting stands and this one is dropped (it asks for what that mail brings).
   */
  enqueue(job: MailJob, options?: { cooldownKey?: string; unlessWaiting?: boolean }): void;
  /** Mails neither sent nor dropped yet: held by a cooldown, waiting to retry, or being sent. */
  pending(): number;
  /** Sends what is waiting (bounded in time), then closes the transport. */
  close(): Promise<void>;
}

export interface MailQueueOptions {
  cooldownMs: number;
  /** Delay before each retry of a failed send; once spent, the mail is dropped and logged. */
  retryDelaysMs: readonly number[];
  /** How long `close()` waits for mails in flight. */
  closeTimeoutMs: number;
}

export const DEFAULT_MAIL_QUEUE_OPTIONS: MailQueueOptions = {
  cooldownMs: 60_000,
  retryDelaysMs: [2_000, 10_000, 60_000, 300_000],
  closeTimeoutMs: 5_000,
};

/** Above this many remembered cooldowns, expired ones are forgotten (bounded memory). */
const MAX_REMEMBERED_COOLDOWNS = 10_000;

/** An in-process queue in front of the mailer: failures are logged and retried, never shown to a caller. */
export function createMailQueue(
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: MailQueueOptions = DEFAULT_MAIL_QUEUE_OPTIONS,
): MailQueue {
  const lastSentAt = new Map<string, number>();
  const waiting = new Map<string, { job: MailJob; timer: NodeJS.Timeout }>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let isClosed = false;

  const attempt = async (job: MailJob, failures: number): Promise<void> => {
    let mail: Mail | undefined;
    try {
      mail = await job();
      if (mail) await mailer.send(mail);
    } catch (error) {
      const delay = options.retryDelaysMs[failures];
      if (delay === undefined || isClosed) {
        log.error({ err: error, to: mail?.to, subject: mail?.subject }, 'mail dropped after retries');
        return;
      }
      log.warn({ err: error, to: mail?.to, retryInMs: delay }, 'mail not sent; will retry');
      // The mail is built once: a retry resends the same links rather than issuing new ones.
      const built = mail;
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        track(attempt(built ? () => built : job, failures + 1));
      }, delay);
      timer.unref();
      retryTimers.add(timer);
    }
  };

  const track = (sending: Promise<void>) => {
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };

  const sendNow = (job: MailJob, cooldownKey: string | undefined) => {
    if (cooldownKey) {
      lastSentAt.set(cooldownKey, Date.now());
      if (lastSentAt.size > MAX_REMEMBERED_COOLDOWNS) forgetExpiredCooldowns();
    }
    start(job);
  };

  // On the next turn of the event loop: the answer is written first, so the job's own database work (a
  // reset link's token) does not delay the request that queued it, nor tell it apart by timing.
  const start = (job: MailJob) =>
    track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => attempt(job, 0)));

  const forgetExpiredCooldowns = () => {
    const now = Date.now();
    for (const [key, sentAt] of lastSentAt) if (now - sentAt >= options.cooldownMs) lastSentAt.delete(key);
  };

  return {
    enqueue(job, { cooldownKey, unlessWaiting = false } = {}) {
      if (isClosed) return;
      const sentAt = cooldownKey === undefined ? undefined : lastSentAt.get(cooldownKey);
      const waitMs = sentAt === undefined ? 0 : sentAt + options.cooldownMs - Date.now();
      if (cooldownKey === undefined || waitMs <= 0) return sendNow(job, cooldownKey);
      const previous = waiting.get(cooldownKey);
      if (previous && unlessWaiting) return;
      if (previous) clearTimeout(previous.timer);
      const timer = setTimeout(() => {
        waiting.delete(cooldownKey);
        sendNow(job, cooldownKey);
      }, waitMs);
      timer.unref();
      waiting.set(cooldownKey, { job, timer });
    },

    pending: () => waiting.size + retryTimers.size + inFlight.size,

    async close() {
      isClosed = true;
      retryTimers.forEach(clearTimeout);
      // Mails held back by a cooldown go now rather than never.
      for (const { job, timer } of waiting.values()) {
        clearTimeout(timer);
        start(job);
      }
      waiting.clear();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (timeout = setTimeout(resolve, options.closeTimeoutMs))),
      ]);
      clearTimeout(timeout);
      await mailer.close();
    },
  };
}
