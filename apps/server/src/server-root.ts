import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`). This file sits one level below it as source
 * (`src/server-root.ts`), and the compiled bundle does too (`dist/main.js`), so the answer is the same
 * whether the server runs from TypeScript (tests, `npm run dev`) or from its build (`npm start`).
 */
export const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository root, so `DATA_DIR` and the web build resolve the same from any working directory. */
export const repoRoot = resolve(serverRoot, '../..');
