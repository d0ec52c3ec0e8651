/**
 * The schema on both servers a test compares: a throw-away real PostgreSQL 17 (what a hosted
 * Supabase project runs) brought to schema by the embedded backend's own bringToSchema
 * (bootstrap, migrations, seed), and a copy of the embedded backend's PGlite template. Both get
 * the RLS fixture (rls-fixture.ts) and hold the same rows: what the backend's first start adds
 * beyond the SQL (the test admin account, the supabase/seed-storage objects) is removed from the
 * PGlite copy.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { bringToSchema, openDatabase } from "@jenga/supabase-local/database";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import { type RealPostgres, sqlTarget, startRealPostgres } from "./real-postgres.ts";
import { FIXTURE_SQL } from "./rls-fixture.ts";
import { pgliteSession, pgSession, type SqlSession } from "./sql-session.ts";

/** "start 1.2s, schema 0.8s, …": where the time goes, for the log. */
export function stopwatch(): (phase: string) => string {
  let last = performance.now();
  const phases: string[] = [];
  return (phase) => {
    const now = performance.now();
    phases.push(`${phase} ${((now - last) / 1000).toFixed(1)}s`);
    last = now;
    return phases.join(", ");
  };
}

export interface OnRealPostgres {
  server: RealPostgres;
  session: SqlSession;
}

/** PostgreSQL 17, migrated and with the fixture. `started` gets the server before the schema. */
export async function realPostgresWithFixture(
  lap: (phase: string) => string,
  started: (server: RealPostgres) => void,
): Promise<OnRealPostgres> {
  const server = await startRealPostgres();
  started(server);
  lap("start");
  const steps: string[] = [];
  const fresh = await bringToSchema(sqlTarget(server.client), (line) => steps.push(line)).catch(
    (error: Error) => {
      const last = steps.at(-1) ?? "the bootstrap";
      throw new Error(`PostgreSQL 17 refused the step after "${last}": ${error.message}`);
    },
  );
  if (!fresh) throw new Error("the throw-away PostgreSQL 17 server already had a schema");
  const session = pgSession(server.client);
  await session.script(FIXTURE_SQL);
  lap("schema");
  return { server, session };
}

export interface OnPglite {
  db: PGlite;
  dir: string;
  session: SqlSession;
  close(): Promise<void>;
}

/** A copy of the test template (already migrated by the same bringToSchema), with the fixture. */
export async function pgliteWithFixture(
  lap: (phase: string) => string,
  started: (copy: Pick<OnPglite, "close">) => void,
): Promise<OnPglite> {
  const dir = await createTestDataDir();
  const db = await openDatabase(join(dir, "pgdata"));
  const close = async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  started({ close });
  lap("start");
  if (await bringToSchema(db, () => {})) throw new Error("the test template was not migrated");
  const session = pgliteSession(db);
  await session.script(`delete from storage.objects; delete from auth.users; ${FIXTURE_SQL}`);
  lap("schema");
  return { db, dir, session, close };
}

export interface BothServers {
  sessions: { "PostgreSQL 17": SqlSession; PGlite: SqlSession };
  /** Stops PostgreSQL 17 and removes the PGlite copy (whichever of them started). */
  close(): Promise<void>;
}

/** PostgreSQL 17 and a PGlite copy, started side by side, each migrated and with the fixture. */
export async function bothWithFixture(): Promise<BothServers> {
  let server: RealPostgres | undefined;
  let copy: Pick<OnPglite, "close"> | undefined;
  const close = async () => {
    await Promise.all([server?.stop(), copy?.close()]);
  };
  const [onReal, onEmbedded] = await Promise.allSettled([
    realPostgresWithFixture(stopwatch(), (started) => {
      server = started;
    }),
    pgliteWithFixture(stopwatch(), (started) => {
      copy = started;
    }),
  ]);
  if (onReal.status === "rejected" || onEmbedded.status === "rejected") {
    await close();
    throw onReal.status === "rejected"
      ? onReal.reason
      : (onEmbedded as PromiseRejectedResult).reason;
  }
  return {
    sessions: { "PostgreSQL 17": onReal.value.session, PGlite: onEmbedded.value.session },
    close,
  };
}
