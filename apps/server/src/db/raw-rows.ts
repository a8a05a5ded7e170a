/**
 * The rows of a raw `db.execute(sql…)`: both drivers (pg and PGlite) answer with `rows`, json columns
 * parsed; drizzle types the result per driver, so the row's shape is the statement's to declare.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
