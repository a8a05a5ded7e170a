import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions and schemas, no mocks or globals changed: one process runs the files in turn, loading zod and
  // the contract once instead of once per file.
  test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
