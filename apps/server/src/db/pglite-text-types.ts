/**
 * How the embedded database's worker (pglite-worker.ts) keeps the types a statement asks for as text, without
 * the cost PGlite puts on a statement's own parsers.
 */
import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

type Parser = (text: string) => unknown;
const identity: Parser = (text) => text;

/**
 * The types Drizzle's PGlite driver asks every statement to keep as text (its own parsers for timestamps,
 * dates, intervals and their arrays, and numeric arrays, which hand the text back unchanged). PGlite merges
 * a statement's parsers into its whole table of ~320 types on every statement, which cost ~0.3 ms each
 * (more than a primary-key read); installed once in the table instead, Drizzle's statements pass none.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const DRIZZLE_KEY = [...DRIZZLE_TEXT_TYPES].sort((a, b) => a - b).join();
/** PGlite's own parsers of those types (none keeps the text), for a statement that asks for another set. */
let parsedByPglite: Record<number, Parser> = {};

export function installTextTypes(client: PGlite): void {
  parsedByPglite = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, client.parsers[oid] ?? identity]));
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = identity;
}

const parsersByKey = new Map<string, Record<number, Parser>>();

/**
 * What a statement passes PGlite so exactly `oids` come back as text: nothing for Drizzle's set (installed),
 * else its identities over PGlite's own parsers of the installed types. Each set is built once.
 */
export function parsersFor(oids: number[] | undefined): Record<number, Parser> | undefined {
  const key = oids ? [...oids].sort((a, b) => a - b).join() : '';
  if (key === DRIZZLE_KEY) return undefined;
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = { ...parsedByPglite, ...Object.fromEntries((oids ?? []).map((oid) => [oid, identity])) };
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

/** Some text no parser of a date, time or interval type keeps unchanged unless it keeps everything unchanged. */
const PARSER_PROBE = '2000-01-01 00:00:00+00';

/**
 * The oids of `options.parsers`, which must each keep the text as it came (Drizzle's do): the worker keeps
 * exactly those types as text (parsersFor) and runs no parser sent from the main thread, so one that changes
 * the text would be silently skipped. It is refused instead.
 */
export function rawTypesOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  const oids: number[] = [];
  for (const [oid, parser] of Object.entries(parsers)) {
    if (parser(PARSER_PROBE, Number(oid)) !== PARSER_PROBE) {
      throw new Error(`a parser for type ${oid} that changes the text cannot run in PGlite's worker`);
    }
    oids.push(Number(oid));
  }
  return oids;
}
