/**
 * The second e2e server: fresh, with no ADMIN_EMAILS, so its first account to sign up becomes its admin.
 * Only the first-run journey (admin-first-run.spec.ts) uses it. Kept free of imports: the Playwright
 * config reads it.
 */
export const firstRunPortOf = (mainPort: number) => mainPort + 1;
export const FIRST_RUN_BASE_URL = `http://localhost:${firstRunPortOf(Number(process.env.E2E_PORT ?? 3100))}`;
