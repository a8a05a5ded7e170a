import type { EditConflictCurrent } from '@clipsync/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

/**
 * The condition an edit's UPDATE adds, so checking the version and writing are one statement: of two
 * edits started from one version, the second finds the row changed and matches nothing. An edit that
 * names no version (a client from before versions) matches as before.
 */
export function startedFrom(versionColumn: AnyPgColumn, version: number | undefined): SQL | undefined {
  return version === undefined ? undefined : eq(versionColumn, version);
}

/** The `set` of every edit: the stored version moves on by one. */
export function nextVersion(versionColumn: AnyPgColumn): SQL {
  return sql`${versionColumn} + 1`;
}

/**
 * After an edit's UPDATE matched nothing and the row was read again: when it is there under another
 * version than the edit named, the edit was stale. Refused with what is stored now, so nothing is
 * overwritten silently and the client can offer both texts.
 */
export function assertNotStale(stored: { content: string; version: number }, version: number | undefined): void {
  if (version === undefined || stored.version === version) return;
  throw editConflict({ text: stored.content, version: stored.version });
}

export function editConflict(current: EditConflictCurrent): AppError {
  const error = new AppError('EDIT_CONFLICT');
  error.current = current;
  return error;
}
