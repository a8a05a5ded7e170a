/** A session as a check sees it at its refresh. */
export interface CheckedSession {
  sessionId: string;
  userId: string;
}

/**
 * A rule another area keeps about its own sessions, asked at every refresh: `keep`, or the reason the session
 * ends (it is revoked with that reason, and the refresh is refused as for any ended session).
 */
export type SessionCheck = (session: CheckedSession) => Promise<'keep' | { endReason: string }>;

/**
 * The checks areas register at start (sso: the provider still vouches for the person). Auth asks them without
 * knowing who they are, so it depends on no area that signs people in another way.
 */
export class SessionChecks {
  readonly #checks: SessionCheck[] = [];

  register(check: SessionCheck): void {
    this.#checks.push(check);
  }

  /** The first reason a check gives to end the session, else null. */
  async endReasonOf(session: CheckedSession): Promise<string | null> {
    for (const check of this.#checks) {
      const verdict = await check(session);
      if (verdict !== 'keep') return verdict.endReason;
    }
    return null;
  }
}
