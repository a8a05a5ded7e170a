import { randomBytes } from 'node:crypto';
import type { Clip } from '@clipsync/shared';
import { expect } from 'vitest';
import { signUp } from './server-process';

/** A signed-in account on a server the test reaches over HTTP (a process of its own, not `inject`). */
export interface HttpSession {
  base: string;
  token: string;
}

export const authorized = (session: HttpSession, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${session.token}`,
  ...extra,
});

/** A new account, signed in on the server at `base` (server-process.ts's `signUp`, as a user makes one). */
export async function signUpSession(base: string): Promise<HttpSession> {
  const { accessToken } = await signUp(base, `process-${randomBytes(4).toString('hex')}@example.com`);
  return { base, token: accessToken };
}

/** Every clip id of the account, read back page by page. */
export async function historyIds(session: HttpSession): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await fetch(`${session.base}/api/clipboard/history?limit=100&offset=${offset}`, {
      headers: authorized(session),
    });
    expect(page.status).toBe(200);
    const clips = (await page.json()) as Clip[];
    clips.forEach((clip) => ids.add(clip.id));
    if (clips.length < 100) return ids;
  }
}

/** What a writer saw: the clips the server acknowledged (201) and every answer's status (0: no answer). */
export interface WriteLog {
  acknowledged: string[];
  statuses: number[];
}

/**
 * Creates clips one after another until `isStopped`, logging each answer. `untilFirstFailure` ends the
 * writer at the first request that is not a 201 (the server was killed); otherwise it goes on, a little
 * slower, through failures (the database is down, the server must still answer).
 */
export async function writeClips(
  session: HttpSession,
  log: WriteLog,
  options: { isStopped: () => boolean; untilFirstFailure: boolean },
): Promise<void> {
  while (!options.isStopped()) {
    const created = await fetch(`${session.base}/api/clipboard`, {
      method: 'POST',
      headers: authorized(session, { 'content-type': 'application/json' }),
      body: JSON.stringify({ content: `written ${log.statuses.length}` }),
    }).catch(() => undefined);
    log.statuses.push(created?.status ?? 0);
    if (created?.status === 201) {
      log.acknowledged.push(((await created.json()) as Clip).id);
      continue;
    }
    await created?.body?.cancel();
    if (options.untilFirstFailure) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
