/**
 * Grants or revokes admin rights (app_metadata.is_admin, settable only with the service role).
 *
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:revoke -- someone@example.com
 *
 * Hosted Supabase: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
 * Embedded backend (default): the data directory is ${SUPABASE_LOCAL_DIR:-.data/supabase}; the
 * service-role key is minted from its jwt-secret. If the app is running on that directory, the
 * change goes through the running backend's admin API (port SUPABASE_LOCAL_PORT, default 54321);
 * otherwise the backend is started in this process for the change and stopped again.
 *
 * The app's guard sees the change at once (it asks the auth server); database policies read the
 * user's access token, so there the change applies from the user's next token refresh (≤ 1 h).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient } from "@supabase/supabase-js";

export interface AdminApiTarget {
  url: string;
  serviceRoleKey: string;
}

const PAGE_SIZE = 1000;

/** Sets app_metadata.is_admin on the user with this e-mail; returns the user's id. */
export async function setAdminFlag(
  target: AdminApiTarget,
  email: string,
  isAdmin: boolean,
): Promise<string> {
  const client = createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page++) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage: PAGE_SIZE });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    const user = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (user) {
      const { error: updateError } = await client.auth.admin.updateUserById(user.id, {
        app_metadata: { is_admin: isAdmin },
      });
      if (updateError) throw new Error(`Could not update ${email}: ${updateError.message}`);
      return user.id;
    }
    if (data.users.length < PAGE_SIZE) break;
  }
  throw new Error(`There is no user with the e-mail ${email}.`);
}

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

type Env = Record<string, string | undefined>;

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
    const { createKeys, loadOrCreateSecret } = await import("../supabase/local/jwt.ts");
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
  const { startLocalSupabase } = await import("../supabase/local/index.ts");
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

const USAGE = "Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>";

export async function main(argv: string[], env: Env = process.env): Promise<number> {
  const [command, email, ...rest] = argv;
  if ((command !== "grant" && command !== "revoke") || !email?.includes("@") || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const isAdmin = command === "grant";
  const change = (target: AdminApiTarget) => setAdminFlag(target, email, isAdmin);
  try {
    const hosted = env.SUPABASE_URL;
    let id: string;
    if (hosted) {
      if (!env.SUPABASE_SERVICE_ROLE_KEY) {
        throw new Error("SUPABASE_URL is set: SUPABASE_SERVICE_ROLE_KEY must be set too.");
      }
      id = await change({ url: hosted, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY });
    } else {
      id = await withEmbeddedBackend(env, change);
    }
    console.log(
      `${isAdmin ? "Granted admin rights to" : "Revoked admin rights from"} ${email} (user ${id}).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
