/**
 * What a server's background processes do, which PGlite (one backend, no autovacuum launcher,
 * no checkpointer) never does by itself, run between statements on a timer.
 *
 * Checkpoints: a reopen of the database (db/thread.ts) replays the WAL written since the last
 * checkpoint, and PGlite checkpoints only when that reaches max_wal_size (1 GB): a reopen could
 * then take minutes. A CHECKPOINT once 16 MB have accumulated keeps it to a fraction of a second.
 *
 * Fresh planner statistics: without them a table keeps the statistics of its
 * last ANALYZE or VACUUM — taken while it was empty, they say 0 rows — and a plan made from
 * them (PostgreSQL 18 keeps SQL functions' plans for the session) joins thousands of rows as
 * if there were one: a report that took milliseconds takes minutes. ANALYZE also invalidates
 * the plans that used the old statistics.
 *
 * Every `intervalMs`, between statements and never while anything else waits for the
 * database, it reads the counters pg_stat_user_tables shows (after flushing this session's,
 * which Postgres otherwise writes at most once a second) and, with autovacuum's default rules:
 * - ANALYZE where n_mod_since_analyze > 50 + 10 % of reltuples,
 * - VACUUM where n_dead_tup > 50 + 20 % of reltuples (VACUUM (ANALYZE) when both hold).
 * The counters restart at zero after a reopen (crash recovery resets them, as on a server),
 * so the first pass after one also analyzes a table whose size moved more than 2 pages + 10 %
 * from what the planner last recorded (pg_class.relpages).
 *
 * Cost, measured on a loaded 2-core machine: a pass with nothing to do ~5–40 ms, an ANALYZE of
 * a 10 000-row table ~80 ms (ANALYZE samples at most 30 000 rows, whatever the table's size).
 */
import type { Database } from "./types.ts";

/** 10 s: an idle pass is a few small statements; a new table's plans are wrong at most that long. */
export const DEFAULT_HOUSEKEEPING_INTERVAL_MS = 10_000;
/** WAL since the last checkpoint that a reopen may replay. */
const CHECKPOINT_AFTER_WAL_BYTES = 16 * 2 ** 20;

const WAL_SINCE_CHECKPOINT = `
  select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes
    from pg_control_checkpoint()`;

/**
 * Tables due for VACUUM or ANALYZE by autovacuum's rules, read with the statistics functions
 * themselves (pg_stat_user_tables computes twenty more columns: ~3× the cost). `drift` adds
 * the size rule, which stats every table's files: only after a reopen.
 */
function candidatesSql(drift: boolean): string {
  const sizeMoved = `abs(pg_relation_size(c.oid) / current_setting('block_size')::int
                       - greatest(c.relpages, 0)) > 2 + 0.1 * greatest(c.relpages, 0)`;
  return `
    select format('%I.%I', n.nspname, c.relname) as name,
           pg_stat_get_dead_tuples(c.oid) > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
           pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)
             ${drift ? `or ${sizeMoved}` : ""} as "analyze"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'm')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast'
     order by 1`;
}

interface Candidate {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

export interface HousekeepingPass {
  checkpoint: boolean;
  analyzed: string[];
  vacuumed: string[];
  /** False when it stopped early to let waiting statements run. */
  complete: boolean;
  ms: number;
}

export interface Housekeeping {
  /** One pass now (the timer's work), e.g. after a bulk load. */
  runOnce(): Promise<HousekeepingPass>;
  close(): Promise<void>;
}

const command = ({ name, vacuum, analyze }: Candidate) =>
  vacuum && analyze ? `VACUUM (ANALYZE) ${name}` : vacuum ? `VACUUM ${name}` : `ANALYZE ${name}`;

/** ANALYZE and VACUUM where due; false when it stopped early to let requests run. */
async function refreshStatistics(
  db: Database,
  done: HousekeepingPass,
  drift: boolean,
): Promise<boolean> {
  await db.exec("select pg_stat_force_next_flush()");
  const { rows } = await db.query<Candidate>(candidatesSql(drift));
  for (const table of rows) {
    if (!table.vacuum && !table.analyze) continue;
    // Yield to requests: the rest waits for the next pass.
    if (db.busy) return false;
    await db.exec(command(table));
    if (table.analyze) done.analyzed.push(table.name);
    if (table.vacuum) done.vacuumed.push(table.name);
  }
  return true;
}

/** Statistics first: their VACUUM writes WAL (whole pages after a checkpoint) a reopen replays. */
async function pass(
  db: Database,
  statistics: boolean,
  afterReopen: boolean,
): Promise<HousekeepingPass> {
  const started = performance.now();
  const done: HousekeepingPass = {
    checkpoint: false,
    analyzed: [],
    vacuumed: [],
    complete: false,
    ms: 0,
  };
  const finish = () => ({ ...done, ms: performance.now() - started });
  if (db.busy) return finish();
  if (statistics && !(await refreshStatistics(db, done, afterReopen))) return finish();
  const wal = await db.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT);
  if ((wal.rows[0]?.bytes ?? 0) > CHECKPOINT_AFTER_WAL_BYTES) {
    if (db.busy) return finish();
    await db.exec("CHECKPOINT");
    done.checkpoint = true;
  }
  done.complete = true;
  return finish();
}

export function startHousekeeping(
  db: Database,
  options: { intervalMs: number; statistics: boolean },
  log: (line: string) => void,
): Housekeeping {
  let running: Promise<HousekeepingPass> | undefined;
  /** Reopens seen by the last complete pass (-1: none yet, the size rule runs first). */
  let reopensSeen = -1;
  const runOnce = () => {
    const reopens = db.reopens;
    running ??= pass(db, options.statistics, reopens !== reopensSeen)
      .then((done) => {
        if (done.complete) reopensSeen = reopens;
        return done;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().then(
      (done) => {
        if (done.ms >= 1000) {
          log(
            `[database] housekeeping: ${done.checkpoint ? "checkpoint, " : ""}` +
              `${done.analyzed.length} analyzed, ${done.vacuumed.length} vacuumed ` +
              `in ${Math.round(done.ms)} ms`,
          );
        }
      },
      (error: unknown) =>
        log(`[database] housekeeping failed: ${error instanceof Error ? error.message : error}`),
    );
  }, options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async close() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
