/**
 * Fresh planner statistics: what autovacuum does on a server, which PGlite (one backend, no
 * autovacuum launcher) never does by itself. Without it a table keeps the statistics of the
 * last ANALYZE — or of CREATE INDEX on it while it was empty, which records 0 rows — and a
 * plan made from them (PostgreSQL 18 keeps SQL functions' plans for the session) joins
 * thousands of rows as if there were one: a report that took milliseconds takes minutes.
 *
 * Every `intervalMs`, between statements and never while anything else waits for the
 * database, it reads pg_stat_user_tables (after flushing this session's counters, which
 * Postgres otherwise writes at most once a second) and, with autovacuum's default rules:
 * - ANALYZE where n_mod_since_analyze > 50 + 10 % of reltuples,
 * - VACUUM where n_dead_tup > 50 + 20 % of reltuples (VACUUM (ANALYZE) when both hold).
 * The counters restart at zero after a reopen (crash recovery resets them, as on a server),
 * so a table whose size moved more than 2 pages + 10 % from what the planner last recorded
 * (pg_class.relpages) is analyzed too.
 */
import type { Database } from "./types.ts";

/** 10 s: a check costs two small statements (~1–3 ms); a new table's plans are wrong at most that long. */
export const DEFAULT_STATISTICS_INTERVAL_MS = 10_000;

const CANDIDATES = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
         s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
           or abs(pg_relation_size(c.oid) / current_setting('block_size')::int
                  - greatest(c.relpages, 0)) > 2 + 0.1 * greatest(c.relpages, 0) as analyze
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where c.relkind in ('r', 'm')
   order by 1`;

interface Candidate {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

export interface MaintenancePass {
  analyzed: string[];
  vacuumed: string[];
  /** False when it stopped early to let waiting statements run. */
  complete: boolean;
  ms: number;
}

export interface Statistics {
  /** One pass now (the timer's work), e.g. after a bulk load. */
  runOnce(): Promise<MaintenancePass>;
  close(): Promise<void>;
}

const command = ({ name, vacuum, analyze }: Candidate) =>
  vacuum && analyze ? `VACUUM (ANALYZE) ${name}` : vacuum ? `VACUUM ${name}` : `ANALYZE ${name}`;

async function pass(db: Database): Promise<MaintenancePass> {
  const started = performance.now();
  const done: MaintenancePass = { analyzed: [], vacuumed: [], complete: false, ms: 0 };
  const finish = () => ({ ...done, ms: performance.now() - started });
  if (db.busy) return finish();
  await db.exec("select pg_stat_force_next_flush()");
  const { rows } = await db.query<Candidate>(CANDIDATES);
  for (const table of rows) {
    if (!table.vacuum && !table.analyze) continue;
    // Yield to requests: the rest waits for the next pass.
    if (db.busy) return finish();
    await db.exec(command(table));
    if (table.analyze) done.analyzed.push(table.name);
    if (table.vacuum) done.vacuumed.push(table.name);
  }
  done.complete = true;
  return finish();
}

export function startStatistics(
  db: Database,
  intervalMs: number,
  log: (line: string) => void,
): Statistics {
  let running: Promise<MaintenancePass> | undefined;
  const runOnce = () => {
    running ??= pass(db).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().then(
      (done) => {
        if (done.ms >= 1000) {
          log(
            `[database] statistics: ${done.analyzed.length} analyzed, ` +
              `${done.vacuumed.length} vacuumed in ${Math.round(done.ms)} ms`,
          );
        }
      },
      (error: unknown) =>
        log(`[database] statistics pass failed: ${error instanceof Error ? error.message : error}`),
    );
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async close() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
