import { resolve } from "node:path";

export interface BackendHandle {
  close(): Promise<void>;
}

/**
 * With no SUPABASE_URL, starts the embedded Supabase-compatible backend (supabase/local) in this
 * process and points the app at it through SUPABASE_URL / SUPABASE_ANON_KEY.
 */
export async function startEmbeddedBackendIfNeeded(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<BackendHandle | undefined> {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY)
      throw new Error("SUPABASE_URL is set but SUPABASE_ANON_KEY is not.");
    log(`Using Supabase at ${env.SUPABASE_URL}`);
    return undefined;
  }
  const { startLocalSupabase } = await import("../supabase/local/index.ts");
  const backend = await startLocalSupabase({
    dir: resolve(env.SUPABASE_LOCAL_DIR || ".data/supabase"),
    port: env.SUPABASE_LOCAL_PORT === undefined ? 54321 : Number(env.SUPABASE_LOCAL_PORT),
    jwtSecret: env.SUPABASE_LOCAL_JWT_SECRET || undefined,
    autoconfirm: env.SUPABASE_LOCAL_AUTOCONFIRM === "1",
    siteUrl: env.SITE_URL ?? "http://localhost:3000",
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    log,
  });
  env.SUPABASE_URL = backend.url;
  env.SUPABASE_ANON_KEY = backend.anonKey;
  log(`Embedded Supabase backend: ${backend.url}`);
  log(`Mailbox: ${backend.mailboxUrl}`);
  log(`Anon key: ${backend.anonKey}`);
  if (backend.admin?.password) {
    log(`Admin account created: ${backend.admin.email} / ${backend.admin.password} (shown once)`);
  } else if (backend.admin) {
    log(`Admin account: ${backend.admin.email}`);
  }
  return backend;
}
