/**
 * Test-only: a throw-away backend whose database first gets some extra SQL (test tables and
 * functions), run as the database owner before the server starts, so nothing test-specific
 * goes into supabase/migrations/.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../database.ts";
import { type LocalSupabaseOptions, startLocalSupabase } from "../index.ts";
import { createTestDataDir, type TestBackend } from "../testing.ts";

export type SqlTestBackend = Pick<
  TestBackend,
  "url" | "anonKey" | "serviceRoleKey" | "jwtSecret" | "close"
>;

/** Start options a test may add (its log, the database's watchdog and housekeeping…). */
export type SqlTestOptions = Pick<
  LocalSupabaseOptions,
  "log" | "database" | "notifyChannels" | "onNotify"
>;

export async function startBackendWithSql(
  sql: string,
  options: SqlTestOptions = {},
): Promise<SqlTestBackend> {
  const dir = await createTestDataDir();
  try {
    const db = await openDatabase(join(dir, "pgdata"));
    try {
      await db.exec(sql);
    } finally {
      await db.close();
    }
    const backend = await startLocalSupabase({
      dir,
      port: 0,
      siteUrl: "http://localhost:3000",
      quiet: options.log === undefined,
      ...options,
    });
    return {
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      jwtSecret: backend.jwtSecret,
      async close() {
        try {
          await backend.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** fetch against the backend with the given key as apikey and bearer; JSON body when any. */
export async function rawRequest(
  backend: Pick<SqlTestBackend, "url" | "serviceRoleKey">,
  path: string,
  init: RequestInit & { key?: string; bearer?: string } = {},
) {
  const key = init.key ?? backend.serviceRoleKey;
  const response = await fetch(`${backend.url}${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${init.bearer ?? key}`, ...init.headers },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (CSV, plain text): keep the text.
  }
  return { status: response.status, headers: response.headers, text, body };
}
