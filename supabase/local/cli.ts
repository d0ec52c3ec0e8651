/**
 * Standalone embedded Supabase backend.
 *
 *   node supabase/local/cli.ts
 *
 * Environment: SUPABASE_LOCAL_DIR (default .data/supabase), SUPABASE_LOCAL_PORT (default
 * 54321, 0 = any), SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_AUTOCONFIRM=1,
 * SITE_URL (default http://localhost:3000),
 * SUPABASE_LOCAL_RATE_LIMIT=off (no per-client request limits),
 * SUPABASE_LOCAL_RATE_LIMIT_HEADER (e.g. X-Forwarded-For: client address for those limits).
 */
import { startLocalSupabase } from "./index.ts";

const env = process.env;
const port = Number.parseInt(env.SUPABASE_LOCAL_PORT ?? "54321", 10);

const backend = await startLocalSupabase({
  dir: env.SUPABASE_LOCAL_DIR || ".data/supabase",
  port: Number.isInteger(port) && port >= 0 ? port : 54321,
  jwtSecret: env.SUPABASE_LOCAL_JWT_SECRET || undefined,
  autoconfirm: env.SUPABASE_LOCAL_AUTOCONFIRM === "1" || env.SUPABASE_LOCAL_AUTOCONFIRM === "true",
  siteUrl: env.SITE_URL || "http://localhost:3000",
  rateLimits: env.SUPABASE_LOCAL_RATE_LIMIT !== "off",
  rateLimitHeader: env.SUPABASE_LOCAL_RATE_LIMIT_HEADER || undefined,
});

const lines = [
  "Local Supabase is running.",
  `  API URL:      ${backend.url}`,
  `  anon key:     ${backend.anonKey}`,
  `  service key:  ${backend.serviceRoleKey}`,
  `  Mailbox:      ${backend.mailboxUrl}`,
];
console.log(lines.join("\n"));

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, closing the local Supabase backend…`);
  await backend.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
