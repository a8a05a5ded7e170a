import { ApiError } from '@clipsync/shared/api-error';
import type { EditConflictCurrent } from '@clipsync/shared';

/**
 * The error of a refused call, from its schema-free module: checking an error (the query client's upgrade
 * prompt, the session provider) must not load the client and the schemas behind it into the landing page's
 * first load (its budget: bench/README.md, landing).
 */
export { ApiError, isRefusal } from '@clipsync/shared/api-error';

/** What is stored now, when an edit was refused for having started from an older version; else null. */
export function editConflictOf(error: unknown): EditConflictCurrent | null {
  return error instanceof ApiError && error.code === 'EDIT_CONFLICT' ? (error.current ?? null) : null;
}
