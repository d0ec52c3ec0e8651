/**
 * Embedded Supabase-compatible backend: GoTrue subset (/auth/v1), PostgREST subset
 * (/rest/v1), Storage subset (/storage/v1) and a local mailbox (/mailbox), on PGlite, bound to
 * loopback.
 *
 * Data directory layout (`opts.dir`):
 *   pgdata/        PGlite (Postgres) data files
 *   storage/       Storage object bytes, one file per object version (metadata: storage.objects)
 *   jwt-secret     HS256 secret (generated once unless `jwtSecret` is given)
 *   backend.lock   pid of the process using the directory
 *   backend.url    this backend's URL while it runs (for `npm run backup`)
 *
 * @example
 *   const backend = await startLocalSupabase({ dir: ".data/supabase", siteUrl: "http://localhost:3000" });
 *   const supabase = createClient(backend.url, backend.anonKey);
 *   // …
 *   await backend.close();
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { createEqualTimes } from "./auth/equal-time.ts";
import { createPasswordHasher, type PasswordHasher } from "./auth/passwords.ts";
import type { BackendContext } from "./context.ts";
import { prepareDatabase } from "./database.ts";
import { startHousekeeping } from "./db/housekeeping.ts";
import { type DatabaseSettings, databaseSettings } from "./db/settings.ts";
import type { Database } from "./db/types.ts";
import { type EnsuredUser, type EnsuredUserResult, ensureUsers } from "./ensured-users.ts";
import { createKeys, loadOrCreateSecret } from "./jwt.ts";
import { acquireDirLock } from "./lock.ts";
import { type MailRelay, type SmtpOptions, startMailRelay } from "./mail-relay.ts";
import { createRequestLimits } from "./rate-limit.ts";
import { createCatalog } from "./rest/catalog.ts";
import { loadRoleSettings } from "./rest/role-settings.ts";
import { createBackendServer } from "./server.ts";
import { type SecuritySettings, securitySettings } from "./settings.ts";
import { FileStore } from "./storage/files.ts";
import { seedStorage } from "./storage/seed.ts";

export type { DatabaseSettings } from "./db/settings.ts";
export type { EnsuredUser, EnsuredUserResult } from "./ensured-users.ts";
export type { Mail } from "./mailbox.ts";

export interface LocalSupabaseOptions {
  /** Data directory (created if missing). */
  dir: string;
  /** Default 54321; 0 = any free port. */
  port?: number;
  /** Default 127.0.0.1. The backend is meant for loopback only. */
  host?: string;
  /** HS256 secret (≥ 32 chars); default: generated once into `<dir>/jwt-secret`. */
  jwtSecret?: string;
  /** Confirm sign-ups immediately (no confirmation e-mail). Default false, like hosted. */
  autoconfirm?: boolean;
  /** Web app origin, used to build e-mail links (`${siteUrl}/auth/confirm?...`). */
  siteUrl: string;
  /** The site's name, in every auth mail's subject and body. Default: left out. */
  brandName?: string;
  /**
   * Read the site's name from its settings (public.site_settings) for every mail, so a name an
   * admin edits reaches the next mail; `brandName` stays the default until they are saved.
   */
  brandFromSettings?: boolean;
  /**
   * Write the 6-digit code into the auth mails besides the link (as a hosted template with
   * `{{ .Token }}` does). Default false: the site's pages take links only.
   */
  mailCodes?: boolean;
  /**
   * Accounts present after every start (ensured-users.ts), e.g. the site's administrator
   * (server/admin-account.ts). Default: none.
   */
  users?: readonly EnsuredUser[];
  /** Log sink; default console.log (unless `quiet`). */
  log?: (line: string) => void;
  quiet?: boolean;
  /** Lifetimes, limits and the password pool; defaults are hosted GoTrue's (see settings.ts). */
  security?: Partial<SecuritySettings>;
  /**
   * Per-client request limits (verification attempts: 30 per 5 minutes per address).
   * Default true; false turns them off (the site's test servers, RATE_LIMIT=off).
   */
  rateLimits?: boolean;
  /**
   * Header whose first value is the client address for request limits, e.g.
   * "X-Forwarded-For" when the web app calls the backend for its visitors (GoTrue's
   * GOTRUE_RATE_LIMIT_HEADER). Only set it when every caller is trusted to set it.
   * Default: the socket address.
   */
  rateLimitHeader?: string;
  /**
   * Write e-mail links (confirmation, recovery…) to the log. Default: true unless
   * NODE_ENV=production, where only recipient and subject are logged.
   */
  logMailLinks?: boolean;
  /**
   * Send the auth mails (confirmation, reset, e-mail change…) through SMTP as well as keeping
   * them in the mailbox (mail-relay.ts). Default: mailbox only.
   */
  smtp?: SmtpOptions;
  /**
   * Postgres notification channels to listen on (`LISTEN`); each notification reaches
   * `onNotify` with its payload, e.g. the site's `content_changed` (a table visitors read was
   * written: supabase/migrations/20261206000001_content_notify.sql). Default: none.
   */
  notifyChannels?: readonly string[];
  onNotify?: (channel: string, payload: string) => void;
  /**
   * The database thread's watchdog and housekeeping (db/settings.ts): how a statement whose
   * client left is stopped, and whether planner statistics are kept fresh. Defaults suit the
   * site; tests shrink them.
   */
  database?: Partial<DatabaseSettings>;
}

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailboxUrl: string;
  jwtSecret: string;
  /** The SMTP relay, when started with `smtp`. */
  relay?: MailRelay;
  /** What this start did with each of `users` (those it skipped are left out). */
  users: EnsuredUserResult[];
  close(): Promise<void>;
}

export async function startLocalSupabase(opts: LocalSupabaseOptions): Promise<LocalSupabase> {
  const log = opts.log ?? (opts.quiet ? () => {} : (line: string) => console.log(line));
  const dir = resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const lock = acquireDirLock(dir);
  const security = securitySettings(opts.security);
  const databaseOptions = databaseSettings(opts.database);
  let db: Database | undefined;
  let passwords: PasswordHasher | undefined;
  try {
    const keys = await createKeys(opts.jwtSecret ?? loadOrCreateSecret(dir));
    const prepared = await prepareDatabase(join(dir, "pgdata"), log, databaseOptions);
    db = prepared.db;
    passwords = createPasswordHasher({
      workers: security.passwordWorkers,
      cost: security.passwordHashCost,
      maxPending: security.maxPendingPasswordChecks,
    });
    const users = await ensureUsers(db, passwords, opts.users ?? [], prepared.fresh);
    const catalog = await createCatalog(db);
    const roleSettings = await loadRoleSettings(db);
    for (const channel of opts.notifyChannels ?? []) {
      await db.listen(channel, (payload) => opts.onNotify?.(channel, payload));
    }
    const ctx: BackendContext = {
      db,
      roleSettings,
      statementBounds: databaseOptions,
      keys,
      siteUrl: new URL(opts.siteUrl).origin,
      brandName: opts.brandName?.trim() || null,
      brandFromSettings: opts.brandFromSettings ?? false,
      mailCodes: opts.mailCodes ?? false,
      apiUrl: "",
      autoconfirm: opts.autoconfirm ?? false,
      log,
      logMailLinks: opts.logMailLinks ?? process.env.NODE_ENV !== "production",
      security,
      passwords,
      limits: createRequestLimits({
        enabled: opts.rateLimits ?? true,
        trustedHeader: opts.rateLimitHeader,
        security,
      }),
      equalTime: createEqualTimes(),
      storage: new FileStore(join(dir, "storage")),
    };
    if (prepared.fresh) await seedStorage(db, ctx.storage, log);
    const server = createBackendServer(ctx, catalog);
    const host = opts.host ?? "127.0.0.1";
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once("error", rejectListen);
      server.listen(opts.port ?? 54321, host, () => {
        server.off("error", rejectListen);
        resolveListen();
      });
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    ctx.apiUrl = url;
    const urlFile = join(dir, "backend.url");
    writeFileSync(urlFile, `${url}\n`);
    const database = db;
    const relay = opts.smtp ? startMailRelay(db, opts.smtp, log) : undefined;
    const housekeeping = startHousekeeping(
      db,
      {
        intervalMs: databaseOptions.housekeepingIntervalMs,
        statistics: databaseOptions.statistics,
      },
      log,
    );
    if (relay)
      log(`[mail-relay] auth mails also go out through SMTP (${new URL(opts.smtp!.url).host})`);
    const hasher = passwords;
    let closing: Promise<void> | undefined;
    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      mailboxUrl: `${url}/mailbox`,
      jwtSecret: keys.secret,
      users,
      relay,
      close() {
        closing ??= (async () => {
          const force = setTimeout(() => server.closeAllConnections(), 2000);
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          });
          clearTimeout(force);
          await relay?.close();
          await housekeeping.close();
          try {
            await hasher.close();
            await database.close();
          } finally {
            rmSync(urlFile, { force: true });
            lock.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await passwords?.close().catch(() => {});
    await db?.close().catch(() => {});
    lock.release();
    throw error;
  }
}
