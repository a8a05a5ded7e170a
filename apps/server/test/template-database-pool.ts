import type { PgliteWorker } from '../src/db/pglite-worker-client';
import type { PgliteConnection } from '../src/db/client';

/**
 * The embedded test databases a process's closed apps gave back, emptied to the template's state, for its next
 * apps: a worker opened from the template cost an app 0.5–1 s of a core (a thread, PostgreSQL's start, the dump
 * unpacked), a reset about a tenth of a second. A database comes back only as the template was: every table
 * emptied and its sequences restarted, the session's state discarded, and its schema (tables, columns,
 * constraints, indexes, triggers, functions, roles, settings, extensions, sequences) the template's to the
 * letter; a database a test changed in any other way, or whose worker stopped, is closed as before.
 */
export class TemplateDatabasePool {
  readonly #idle: PgliteWorker[] = [];
  readonly #open: () => Promise<PgliteWorker>;
  #template: Promise<TemplateShape> | undefined;

  constructor(open: () => Promise<PgliteWorker>) {
    this.#open = open;
  }

  /** A worker on a database in the template's state, for one app; its connection stops working once closed. */
  async lease(): Promise<PgliteConnection> {
    const worker = this.#idle.pop() ?? (await this.#open());
    // Read from the first fresh database, before any app has written to it.
    this.#template ??= shapeOf(worker);
    await this.#template;
    return leaseOf(worker, () => this.#giveBack(worker));
  }

  async #giveBack(worker: PgliteWorker): Promise<void> {
    const template = await this.#template;
    const isReset = template !== undefined && this.#idle.length < MAX_IDLE && (await resetToTemplate(worker, template));
    if (isReset) this.#idle.push(worker);
    else await worker.close();
  }
}

/** A file's apps run one or two at a time: more idle databases would only hold memory. */
const MAX_IDLE = 2;

/** Longer than any reset takes on a loaded machine; a statement an app left running is not waited for longer. */
const RESET_LIMIT_MS = 5_000;

interface TemplateShape {
  /** The tables whose rows the apps write: every one but Drizzle's record of migrations. */
  tables: string;
  fingerprint: string;
}

async function shapeOf(worker: PgliteWorker): Promise<TemplateShape> {
  const { rows } = await worker.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
  );
  return { tables: rows.map((row) => row.name).join(', '), fingerprint: await fingerprintOf(worker) };
}

/** True once `worker`'s database is the template's again; false when it cannot be (then it is closed). */
async function resetToTemplate(worker: PgliteWorker, template: TemplateShape): Promise<boolean> {
  if (worker.stopped) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), RESET_LIMIT_MS)));
  const reset = (async () => {
    // Temporary tables, prepared statements, settings and locks of the session go first, outside any transaction.
    await worker.exec('DISCARD ALL');
    await worker.exec(`TRUNCATE ${template.tables} RESTART IDENTITY CASCADE`);
    return (await fingerprintOf(worker)) === template.fingerprint;
  })().catch(() => false);
  try {
    return await Promise.race([reset, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The schema and the sequences' positions, hashed: any change a test made to the database shows here. */
async function fingerprintOf(worker: PgliteWorker): Promise<string> {
  const { rows } = await worker.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

const USER_SCHEMAS = `select oid from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`;

const FINGERPRINT = `
  select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
    select format('relation %s %s', c.oid::regclass, c.relkind) as item
      from pg_class c where c.relnamespace in (${USER_SCHEMAS})
    union all
    select format('column %s.%I %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace in (${USER_SCHEMAS}) and a.attnum > 0 and not a.attisdropped
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace in (${USER_SCHEMAS})
    union all
    select format('index %s', pg_get_indexdef(i.indexrelid))
      from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace in (${USER_SCHEMAS})
    union all
    select format('trigger %s %s', pg_get_triggerdef(oid), tgenabled) from pg_trigger where not tgisinternal
    union all
    select format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
      from pg_proc p where p.pronamespace in (${USER_SCHEMAS})
    union all
    select format('sequence %I.%I %s', schemaname, sequencename, last_value) from pg_sequences
    union all
    select format('role %s', rolname) from pg_roles
    union all
    select format('setting %s %s %s', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
  ) items`;

/**
 * The worker as one app sees it: closing gives it back (once), and a statement sent after that (a late timer
 * of a closed app) is refused as by a closed database, never run in the next app's.
 */
function leaseOf(worker: PgliteWorker, giveBack: () => Promise<void>): PgliteConnection {
  let closed: Error | undefined;
  const refuseOnceClosed = <T>(run: () => Promise<T>) => (closed ? Promise.reject(closed) : run());
  return {
    get stopped() {
      return closed ?? worker.stopped;
    },
    onStop(listener) {
      worker.onStop((error) => {
        if (!closed) listener(error);
      });
    },
    query(sql, params, options) {
      return refuseOnceClosed(() => worker.query(sql, params, options));
    },
    exec(sql) {
      return refuseOnceClosed(() => worker.exec(sql));
    },
    transaction(callback) {
      return refuseOnceClosed(() => worker.transaction(callback));
    },
    runWrites(calls) {
      return refuseOnceClosed(() => worker.runWrites(calls));
    },
    async close() {
      if (closed) return;
      closed = new Error('PGlite is closed');
      await giveBack();
    },
  };
}
