/**
 * The database thread: PGlite on the data directory, running the jobs the backend sends
 * (db/thread.ts) one at a time. A statement in WebAssembly holds this thread until it ends —
 * Postgres's own statement_timeout needs a timer, which never fires while the thread is busy —
 * so the watchdog on the other side stops this whole thread instead, and opens a new one.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { toWire } from "./errors.ts";
import { openPGlite } from "./pglite.ts";
import type { JobRequest, ThreadInit, ThreadMessage } from "./protocol.ts";

/**
 * The settings a server gives a session at login (`alter database … set`, `alter role … set`
 * for its user), which PGlite's single-user Postgres skips: the database's statement_timeout
 * among them. Database-wide first, then the user's, then both: later ones win, as on a server.
 */
const SESSION_DEFAULTS = `
  select split_part(config.entry, '=', 1) as name,
         substr(config.entry, strpos(config.entry, '=') + 1) as value
    from pg_db_role_setting s
   cross join lateral unnest(s.setconfig) as config(entry)
   where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
     and s.setrole in (0, (select oid from pg_roles where rolname = session_user))
   order by s.setrole <> 0, s.setdatabase <> 0`;

async function applySessionDefaults(db: PGlite): Promise<void> {
  const { rows } = await db.query<{ name: string; value: string }>(SESSION_DEFAULTS);
  for (const { name, value } of rows) {
    try {
      await db.query("select set_config($1, $2, false)", [name, value]);
    } catch {
      // A setting only the server's configuration may change: a server would skip it too.
    }
  }
}

const port = parentPort;
if (!port) throw new Error("db/worker.ts must run as a worker thread");
const post = (message: ThreadMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);
const { pgdata, module } = workerData as ThreadInit;

try {
  const db = await openPGlite(pgdata, module);
  const unlisten = new Map<string, () => Promise<void>>();

  const run = async (job: JobRequest): Promise<unknown> => {
    switch (job.op) {
      case "query": {
        const { rows, affectedRows, fields, command } = await db.query(job.sql, job.params);
        return { rows, affectedRows, fields, command };
      }
      case "exec":
        return (await db.exec(job.sql)).map(({ rows, affectedRows, fields, command }) => ({
          rows,
          affectedRows,
          fields,
          command,
        }));
      case "listen":
        if (!unlisten.has(job.channel)) {
          const channel = job.channel;
          unlisten.set(
            channel,
            await db.listen(channel, (payload) => post({ op: "notify", channel, payload })),
          );
        }
        return null;
      case "unlisten":
        await unlisten.get(job.channel)?.();
        unlisten.delete(job.channel);
        return null;
      case "snapshot": {
        await db.exec("CHECKPOINT");
        return new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
      }
      case "close":
        await db.close();
        return null;
    }
  };

  const runAfter = async (job: JobRequest) => {
    if (job.before) await db.exec(job.before);
    return run(job);
  };
  port.on("message", (job: JobRequest) => {
    runAfter(job).then(
      (value) =>
        post(
          { op: "done", id: job.id, value },
          value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [],
        ),
      (error: unknown) => post({ op: "error", id: job.id, error: toWire(error) }),
    );
  });
  await applySessionDefaults(db);
  const { rows } = await db.query<{ timeout: string }>(
    "select current_setting('statement_timeout') as timeout",
  );
  post({ op: "ready", statementTimeout: rows[0]?.timeout ?? "0" });
} catch (error) {
  post({ op: "failed", error: toWire(error) });
}
