import pino from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createMailQueue } from './mail-queue';
import type { Mail, Mailer } from './mailer';

const mail = (subject: string): Mail => ({ to: 'a@example.com', subject, text: subject, html: subject, links: [] });
const options = { cooldownMs: 60_000, retryDelaysMs: [1_000, 5_000], closeTimeoutMs: 100 };

function recordingMailer(send: (mail: Mail) => Promise<void> = async () => undefined) {
  const sent: string[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (outgoing) => {
      await send(outgoing);
      sent.push(outgoing.subject);
    },
    close: async () => undefined,
  };
  return { mailer, sent };
}

describe('mail queue', () => {
  afterEach(() => vi.useRealTimers());
  const log = pino({ level: 'silent' });

  test('enqueue returns at once even when the transport never answers', async () => {
    const { mailer } = recordingMailer(() => new Promise(() => undefined));
    const queue = createMailQueue(mailer, log, options);
    const started = Date.now();
    queue.enqueue(() => mail('hello'));
    expect(Date.now() - started).toBeLessThan(50);
    await queue.close();
  });

  test('a failed send is retried, then dropped and logged, never thrown', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { mailer, sent } = recordingMailer(async () => {
      calls += 1;
      if (calls < 3) throw new Error('SMTP down');
    });
    const errorLog = { ...log, error: vi.fn(), warn: vi.fn() } as unknown as typeof log;
    const queue = createMailQueue(mailer, errorLog, options);
    let builds = 0;
    queue.enqueue(() => {
      builds += 1;
      return mail('retried');
    });
    await vi.advanceTimersByTimeAsync(6_100);
    expect(sent).toEqual(['retried']);
    expect(calls).toBe(3);
    expect(builds).toBe(1);

    const failing = createMailQueue(recordingMailer(() => Promise.reject(new Error('down'))).mailer, errorLog, options);
    failing.enqueue(() => mail('lost'));
    await vi.advanceTimersByTimeAsync(6_100);
    expect(errorLog.error).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'lost' }),
      'mail dropped after retries',
    );
  });

  test('within a cooldown the newest mail waits and replaces the one waiting; other keys are not held', async () => {
    vi.useFakeTimers();
    const { mailer, sent } = recordingMailer();
    const queue = createMailQueue(mailer, log, options);
    queue.enqueue(() => mail('first'), { cooldownKey: 'confirm:a' });
    queue.enqueue(() => mail('second'), { cooldownKey: 'confirm:a' });
    queue.enqueue(() => mail('third'), { cooldownKey: 'confirm:a' });
    queue.enqueue(() => mail('other key'), { cooldownKey: 'reset:a' });
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual(['first', 'other key']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(['first', 'other key', 'third']);
  });

  test('a mail enqueued unlessWaiting leaves the mail waiting under its key alone, and waits when none does', async () => {
    vi.useFakeTimers();
    const { mailer, sent } = recordingMailer();
    const queue = createMailQueue(mailer, log, options);
    queue.enqueue(() => mail('first'), { cooldownKey: 'confirm:a' });
    queue.enqueue(() => mail('registration'), { cooldownKey: 'confirm:a' });
    queue.enqueue(() => mail('resend'), { cooldownKey: 'confirm:a', unlessWaiting: true });
    await vi.advanceTimersByTimeAsync(60_010);
    expect(sent).toEqual(['first', 'registration']);
    queue.enqueue(() => mail('resend later'), { cooldownKey: 'confirm:a', unlessWaiting: true });
    await vi.advanceTimersByTimeAsync(60_010);
    expect(sent).toEqual(['first', 'registration', 'resend later']);
  });

  test('pending counts mails held by a cooldown or waiting to retry, until they leave', async () => {
    vi.useFakeTimers();
    let isDown = true;
    const { mailer, sent } = recordingMailer(async () => {
      if (isDown) throw new Error('SMTP down');
    });
    const quietLog = { ...log, warn: vi.fn() } as unknown as typeof log;
    const queue = createMailQueue(mailer, quietLog, options);
    expect(queue.pending()).toBe(0);
    queue.enqueue(() => mail('first'), { cooldownKey: 'k' });
    queue.enqueue(() => mail('held'), { cooldownKey: 'k' });
    expect(queue.pending()).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.pending()).toBe(2);
    isDown = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual(['first']);
    expect(queue.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(['first', 'held']);
    expect(queue.pending()).toBe(0);
  });

  test('close sends what a cooldown held back', async () => {
    const { mailer, sent } = recordingMailer();
    const queue = createMailQueue(mailer, log, options);
    queue.enqueue(() => mail('first'), { cooldownKey: 'k' });
    queue.enqueue(() => mail('held'), { cooldownKey: 'k' });
    await queue.close();
    expect(sent).toEqual(['first', 'held']);
  });
});
