/**
 * The first-run servers: fresh, with no ADMIN_EMAILS, so the first account to sign up on each becomes its
 * admin. A server has one first run only, and the journey is walked at each screen size, so each size has a
 * server of its own (the main port plus one, plus two). Only the first-run journey (admin-first-run.spec.ts)
 * uses them. Kept free of imports: the Playwright config reads it.
 */
export const FIRST_RUN_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type FirstRunSize = (typeof FIRST_RUN_SIZES)[number];

export const firstRunPortOf = (mainPort: number, size: FirstRunSize) => mainPort + 1 + FIRST_RUN_SIZES.indexOf(size);
export const firstRunBaseUrlOf = (size: FirstRunSize) =>
  `http://localhost:${firstRunPortOf(Number(process.env.E2E_PORT ?? 3100), size)}`;
