/**
 * Where a maintenance script acts with the service role: hosted Supabase (SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY), or the embedded backend's data directory
 * (${SUPABASE_LOCAL_DIR:-.data/supabase}, its key minted from its jwt-secret) — through the
 * running backend when the app is running on it, else started in this process for the work and
 * stopped again.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface AdminApiTarget {
  url: string;
  serviceRoleKey: string;
}

type Env = Record<string, string | undefined>;

function lockOwnerAlive(dir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, "backend.lock"), "utf8").trim(), 10);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? -1 : null;
  }
}

/** Runs `change` against the embedded backend's admin API (running or started here). */
async function withEmbeddedBackend<T>(
  env: Env,
  change: (target: AdminApiTarget) => Promise<T>,
): Promise<T> {
  const dir = resolve(env.SUPABASE_LOCAL_DIR || ".data/supabase");
  if (!existsSync(join(dir, "pgdata"))) {
    throw new Error(
      `No embedded backend data in ${dir}. Start the app once (npm start), set SUPABASE_LOCAL_DIR, ` +
        "or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY for hosted Supabase.",
    );
  }
  const owner = lockOwnerAlive(dir);
  if (owner !== null) {
    const { createKeys, loadOrCreateSecret } = await import("@jenga/supabase-local/jwt");
    const keys = await createKeys(env.SUPABASE_LOCAL_JWT_SECRET || loadOrCreateSecret(dir));
    const url = `http://127.0.0.1:${env.SUPABASE_LOCAL_PORT || 54321}`;
    const health = await fetch(`${url}/auth/v1/health`).catch(() => null);
    if (!health?.ok) {
      throw new Error(
        `The backend on ${dir} is in use by process ${owner} but does not answer at ${url}. ` +
          "Set SUPABASE_LOCAL_PORT to its port.",
      );
    }
    return change({ url, serviceRoleKey: keys.serviceRoleKey });
  }
  const { startLocalSupabase } = await import("@jenga/supabase-local");
  const backend = await startLocalSupabase({
    dir,
    port: 0,
    siteUrl: env.SITE_URL || "http://localhost:3000",
    jwtSecret: env.SUPABASE_LOCAL_JWT_SECRET || undefined,
    quiet: true,
  });
  try {
    return await change({ url: backend.url, serviceRoleKey: backend.serviceRoleKey });
  } finally {
    await backend.close();
  }
}

/** Runs `work` with the service role of the configured backend (hosted or embedded). */
export async function withServiceRole<T>(
  env: Env,
  work: (target: AdminApiTarget) => Promise<T>,
): Promise<T> {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_SERVICE_ROLE_KEY) {
      throw new Error("SUPABASE_URL is set: SUPABASE_SERVICE_ROLE_KEY must be set too.");
    }
    return work({ url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY });
  }
  return withEmbeddedBackend(env, work);
}
