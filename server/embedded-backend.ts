import { type ChildProcess, fork } from "node:child_process";
import { resolve } from "node:path";
import type { EnsuredUserResult } from "@jenga/supabase-local";
import { type Env, setRuntimeEnv } from "../app/infra/env.server.ts";
import { isSiteEntity } from "../app/lib/page-query.ts";
import { adminAccount, adminAccountLine } from "./admin-account.ts";
import type { ContentChange } from "./content-bus.ts";

export interface BackendHandle {
  /**
   * Calls `listener` for every write to a table visitors read, whoever made it (the database
   * announces them: supabase/migrations/20261206000001_content_notify.sql).
   */
  onContentChanged(listener: (change: ContentChange) => void): void;
  close(): Promise<void>;
}

/** The database's `content_changed` channel: its payload is the table written. */
export const CONTENT_CHANNEL = "content_changed";

/** The content change a write to `table` is (posts, media, or one part of the site's content). */
export function contentChangeOfTable(table: string): ContentChange | undefined {
  if (table === "posts" || table === "media") return { kind: table };
  return isSiteEntity(table) ? { kind: "site", entity: table } : undefined;
}

interface Ready {
  type: "ready";
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailboxUrl: string;
  users: EnsuredUserResult[];
}

const CHILD = new URL(import.meta.resolve("@jenga/supabase-local/child"));

function waitForReady(child: ChildProcess): Promise<Ready> {
  return new Promise((resolveReady, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the embedded backend exited (${code}) before it was ready`));
    child.once("exit", onExit);
    child.on("message", (message: Ready | { type: "failed"; message: string }) => {
      if (message.type === "ready") {
        child.off("exit", onExit);
        resolveReady(message);
      } else if (message.type === "failed") {
        reject(new Error(message.message));
      }
    });
  });
}

/**
 * With no SUPABASE_URL, starts the embedded Supabase-compatible backend (supabase/local) in a
 * child process of its own — its password hashing and database work never share the site's
 * event loop — and points the app at it (SUPABASE_URL / SUPABASE_ANON_KEY, and the local
 * mailbox for the site's own mails).
 */
/** The bcrypt cost the operator chose (SUPABASE_LOCAL_PASSWORD_HASH_COST), else the default. */
function passwordSecurity(env: Env) {
  const cost = env.SUPABASE_LOCAL_PASSWORD_HASH_COST;
  return cost === undefined ? undefined : { passwordHashCost: cost };
}

export async function startEmbeddedBackendIfNeeded(
  env: Env,
  siteUrl: string,
  log: (line: string) => void,
): Promise<BackendHandle | undefined> {
  if (env.SUPABASE_URL) {
    log(`Using Supabase at ${env.SUPABASE_URL}`);
    return undefined;
  }
  const admin = adminAccount(env);
  const child = fork(CHILD, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.send({
    type: "start",
    options: {
      dir: resolve(env.SUPABASE_LOCAL_DIR),
      port: env.SUPABASE_LOCAL_PORT,
      jwtSecret: env.SUPABASE_LOCAL_JWT_SECRET,
      autoconfirm: env.SUPABASE_LOCAL_AUTOCONFIRM === true,
      security: passwordSecurity(env),
      siteUrl,
      // The auth mails name the site as its settings do, BRAND_NAME until an admin saves them
      // (hosted: scripts/auth-templates.ts writes the name in).
      brandName: env.BRAND_NAME,
      brandFromSettings: true,
      users: [admin],
      // The site's own limits are the first line; the backend's (verification guessing, as
      // hosted) see the visitor's address, which the site passes in X-Forwarded-For.
      rateLimits: env.RATE_LIMIT,
      rateLimitHeader: "X-Forwarded-For",
      logMailLinks: env.NODE_ENV !== "production",
      // With SMTP_URL, the backend's auth mails go out through SMTP too (one-VPS deployments).
      smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
      notifyChannels: [CONTENT_CHANNEL],
    },
  });
  const listeners: ((change: ContentChange) => void)[] = [];
  child.on("message", (message: { type?: string; channel?: string; payload?: string }) => {
    if (message?.type !== "notify" || message.channel !== CONTENT_CHANNEL) return;
    const change = contentChangeOfTable(String(message.payload));
    if (change) for (const listener of listeners) listener(change);
  });
  const ready = await waitForReady(child);
  setRuntimeEnv({
    SUPABASE_URL: ready.url,
    SUPABASE_ANON_KEY: ready.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ready.serviceRoleKey,
    LOCAL_MAILBOX_URL: `${ready.mailboxUrl}/messages.json`,
  });
  log(`Embedded Supabase backend: ${ready.url} (process ${child.pid})`);
  const cost = env.SUPABASE_LOCAL_PASSWORD_HASH_COST;
  if (cost !== undefined && cost < 10)
    log(
      `Passwords are hashed at bcrypt cost ${cost} (SUPABASE_LOCAL_PASSWORD_HASH_COST): for tests only`,
    );
  log(`Mailbox: ${ready.mailboxUrl}`);
  const adminLine = adminAccountLine(admin, ready.users);
  if (adminLine) log(adminLine);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    onContentChanged(listener) {
      listeners.push(listener);
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
