/**
 * Test helper: a throw-away embedded Supabase backend per test file.
 *
 * Vitest's globalSetup (test/setup/global-setup.ts) builds a migrated + seeded template
 * once per run and exports its path as SUPABASE_TEMPLATE_DIR; each `startTestBackend()`
 * copies it to a temp dir (~0.5 s to start instead of ~4 s) and listens on a free port.
 * Without the env var (e.g. in a script) the template is built on first use.
 *
 * The copy contains the 6 seeded posts and an admin account, TEST_ADMIN
 * (app_metadata.is_admin = true). E-mail confirmation is ON unless `autoconfirm: true`.
 *
 * @example
 *   import { createClient } from "@supabase/supabase-js";
 *   import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
 *
 *   let backend: TestBackend;
 *   beforeAll(async () => { backend = await startTestBackend(); });
 *   afterAll(() => backend.close());
 *
 *   it("confirms a sign-up", async () => {
 *     const supabase = createClient(backend.url, backend.anonKey);
 *     await supabase.auth.signUp({ email: "a@example.com", password: "secret123" });
 *     const mail = await backend.mailbox.latestTo("a@example.com");
 *     const link = new URL(mail!.links[0]!); // http://localhost:3000/auth/confirm?token_hash=…&type=signup&next=/
 *     await supabase.auth.verifyOtp({ token_hash: link.searchParams.get("token_hash")!, type: "email" });
 *   });
 */
import { rmSync } from "node:fs";
import { type LocalSupabase, type LocalSupabaseOptions, startLocalSupabase } from "./index.ts";
import type { Mail } from "./mailbox.ts";
import { createTestDataDir, TEST_ADMIN } from "./template.ts";

export type { Mail } from "./mailbox.ts";
/** The SQL each Data API request runs first (role, claims), for tests of RLS policies. */
export type { RequestRole } from "./rest/request-role.ts";
/** The API roles' settings (statement_timeout) that SQL sets, read as the REST layer reads them. */
export { loadRoleSettings, type RoleSettings } from "./rest/role-settings.ts";
export { requestSettingsSql, sqlLiteral } from "./rest/transaction.ts";
export { startScratchRun } from "./scratch.ts";
export { createTestDataDir, ensureTestTemplate, TEST_ADMIN } from "./template.ts";

export interface TestBackendOptions {
  /** Web app origin used in e-mail links. Default http://localhost:3000. */
  siteUrl?: string;
  /** Confirm sign-ups without e-mail. Default false. */
  autoconfirm?: boolean;
  /** Log sink; by default the backend is quiet. */
  log?: (line: string) => void;
  /** Relay auth mails to this SMTP server too (see mail-relay.ts). */
  smtp?: LocalSupabaseOptions["smtp"];
  /** Passed through to startLocalSupabase (see LocalSupabaseOptions). */
  security?: LocalSupabaseOptions["security"];
  rateLimits?: boolean;
  rateLimitHeader?: string;
  logMailLinks?: boolean;
  brandName?: string;
  /** Name the site in the mails from its settings, as the site starts it. Default false. */
  brandFromSettings?: boolean;
  /** The 6-digit code in the auth mails too (tests of code verification). Default false. */
  mailCodes?: boolean;
  /** Postgres notifications to pass on (see LocalSupabaseOptions.notifyChannels). */
  notifyChannels?: LocalSupabaseOptions["notifyChannels"];
  onNotify?: LocalSupabaseOptions["onNotify"];
  /** The database thread's watchdog and housekeeping (see LocalSupabaseOptions.database). */
  database?: LocalSupabaseOptions["database"];
}

export interface TestMailbox {
  /** All messages, newest first. */
  list(): Promise<Mail[]>;
  /** Newest message to this address (case-insensitive). */
  latestTo(email: string): Promise<Mail | undefined>;
  /** Deletes every message. */
  clear(): Promise<void>;
}

export interface TestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  mailboxUrl: string;
  mailbox: TestMailbox;
  /** The SMTP relay, when started with `smtp`. */
  relay?: LocalSupabase["relay"];
  /** Pre-created admin (app_metadata.is_admin = true). */
  admin: { email: string; password: string };
  /** The temp data directory (deleted by close()). */
  dir: string;
  close(): Promise<void>;
}

function createMailbox(mailboxUrl: string): TestMailbox {
  const jsonUrl = `${mailboxUrl}/messages.json`;
  const list = async (): Promise<Mail[]> => {
    const response = await fetch(jsonUrl);
    if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
    return (await response.json()) as Mail[];
  };
  return {
    list,
    async latestTo(email) {
      const wanted = email.trim().toLowerCase();
      return (await list()).find((mail) => mail.to.toLowerCase() === wanted);
    },
    async clear() {
      const response = await fetch(jsonUrl, { method: "DELETE" });
      if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
    },
  };
}

/**
 * The bcrypt cost of a backend a test starts: `SUPABASE_TEST_PASSWORD_HASH_COST` when set (the
 * main Vitest suite sets 4 in vitest.config.ts: hashing at 10 was ~17 % of its CPU), else the
 * backend's own default (10, as hosted; the abuse suite's timing tests keep it); a test's own
 * `security.passwordHashCost` wins over both.
 */
function testSecurity(security: TestBackendOptions["security"]): TestBackendOptions["security"] {
  const cost = Number(process.env.SUPABASE_TEST_PASSWORD_HASH_COST);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) return security;
  return { passwordHashCost: cost, ...security };
}

export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const dir = await createTestDataDir();
  try {
    const backend = await startLocalSupabase({
      dir,
      port: 0,
      siteUrl: options.siteUrl ?? "http://localhost:3000",
      autoconfirm: options.autoconfirm ?? false,
      log: options.log,
      quiet: options.log === undefined,
      security: testSecurity(options.security),
      rateLimits: options.rateLimits,
      rateLimitHeader: options.rateLimitHeader,
      logMailLinks: options.logMailLinks,
      smtp: options.smtp,
      brandName: options.brandName,
      brandFromSettings: options.brandFromSettings,
      mailCodes: options.mailCodes,
      notifyChannels: options.notifyChannels,
      onNotify: options.onNotify,
      database: options.database,
    });
    return {
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      jwtSecret: backend.jwtSecret,
      mailboxUrl: backend.mailboxUrl,
      mailbox: createMailbox(backend.mailboxUrl),
      relay: backend.relay,
      admin: { ...TEST_ADMIN },
      dir,
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
