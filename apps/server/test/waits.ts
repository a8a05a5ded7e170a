/**
 * For `vi.waitFor` on what the app does after its reply (a queued mail, a socket's teardown, a write in the
 * background): Vitest's default of 1 s is shorter than a stall on CI's two loaded cores. A longer wait only
 * makes a real failure slower to report.
 */
export const inBackground = { timeout: 10_000, interval: 50 };
