import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository. The server's integration suite runs once on PGlite and, when
 * TEST_DATABASE_URL is set, once more against that PostgreSQL server (see apps/server/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
