import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The web's test settings. The root `vitest.config.ts` extends them twice, naming the files of each: those that
 * change their process run one per process (`web-isolated`), the rest in turn in a shared one (`web`).
 */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A journey through a page with userEvent takes seconds of jsdom work on a busy two-core CI machine.
    testTimeout: 15_000,
  },
});
