import type { Database } from './client';

/**
 * A hot query prepared once per database: drizzle builds its SQL once and PostgreSQL plans it once per
 * pooled connection (a named statement), instead of both on every request. `prepare` builds the query with
 * `sql.placeholder`s and ends in `.prepare(name)`.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
