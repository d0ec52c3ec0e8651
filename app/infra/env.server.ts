/**
 * The site's configuration: every environment variable, parsed and validated with Zod. This is
 * the only module that reads `process.env` (the Node server imports it directly too, so it has
 * relative imports only). `loadEnv()` runs at boot and fails with a clear message on bad values;
 * `env()` is the parsed view for request-time code (re-parsed only when a variable changes, as
 * the server does once when it starts the embedded backend and tests do between cases).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type HookSettings, isHookVariable, parseHookVariables } from "./hook-env.ts";
import { mpesaEnvShape, mpesaIssues } from "./mpesa-env.ts";

const flag = (on: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : on.includes(v.toLowerCase())));
const onOff = z
  .enum(["on", "off", ""])
  .optional()
  .transform((v) => v !== "off");
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);
const redisUrl = z
  .string()
  .url()
  .refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// or rediss:// URL");
const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL");

/** Where the agency works (Nairobi: East Africa Time, UTC+3 all year). */
const DEFAULT_TIME_ZONE = "Africa/Nairobi";

/** An IANA zone name the platform's Intl knows (`Africa/Nairobi`, `Europe/Paris`, `UTC`). */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test", ""]).optional(),
    /** Node's own (read by Node before any code runs); the primary reads it for its workers' flags. */
    NODE_OPTIONS: z.string().optional(),
    PORT: port.default(3000),
    HOST: z.string().default("0.0.0.0"),
    SITE_URL: optionalText.pipe(httpUrl.optional()),
    /**
     * The brand and contact details are first-start defaults of the site's settings
     * (app/domain/site/settings.server.ts): while an admin has never saved the settings, a value
     * set here replaces the seeded one; once saved in /admin, the database wins. Unset: the
     * seeded value.
     */
    BRAND_NAME: optionalText,
    CONTACT_PHONE: optionalText,
    CONTACT_EMAIL: optionalText,
    CONTACT_SUPPORT_EMAIL: optionalText,
    /** WhatsApp number for click-to-chat links (digits, country code first). */
    CONTACT_WHATSAPP: optionalText.pipe(
      z
        .string()
        .transform((v) => v.replace(/[\s()+-]/g, ""))
        .pipe(z.string().regex(/^\d{8,15}$/, "must be a phone number with its country code"))
        .optional(),
    ),
    OFFICE_HOURS: optionalText,
    /** Comma-separated: `Nairobi,Mombasa`. */
    CONTACT_CITIES: optionalText,
    /**
     * The agency's time zone (IANA name): times in the admin area and in the agency's mails.
     * Default: East Africa Time.
     */
    AGENCY_TIME_ZONE: z
      .string()
      .optional()
      .transform((v) => v || DEFAULT_TIME_ZONE)
      .refine(isTimeZone, "must be an IANA time zone such as Africa/Nairobi"),
    SUPABASE_URL: optionalText.pipe(httpUrl.optional()),
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    SUPABASE_LOCAL_DIR: z.string().default(".data/supabase"),
    /**
     * The last site content this server read (app/domain/site/snapshot.server.ts): public pages
     * render from it when the site starts while the backend cannot be reached. Default:
     * `site-content.json` in SUPABASE_LOCAL_DIR (`.data/` when that is empty).
     */
    SITE_CONTENT_FILE: optionalText,
    SUPABASE_LOCAL_PORT: port.default(54321),
    SUPABASE_LOCAL_JWT_SECRET: optionalText.pipe(z.string().min(32).optional()),
    SUPABASE_LOCAL_AUTOCONFIRM: flag(["1", "true", "on"]),
    /**
     * bcrypt cost of the embedded backend's new password hashes (4–31). Unset: 10, GoTrue's.
     * The test suites set 4 (the same algorithm at 1/64 of the work); never lower it for a site
     * people sign in to.
     */
    SUPABASE_LOCAL_PASSWORD_HASH_COST: optionalText.pipe(
      z.coerce.number<string>().int().min(4).max(31).optional(),
    ),
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    TRUST_PROXY: flag(["1", "true", "on", "yes"]),
    SESSION_SECRET: optionalText.pipe(z.string().min(16).optional()),
    RATE_LIMIT: onOff,
    PAGE_CACHE: onOff,
    /** Total page-cache bytes of one instance, shared out between its workers. */
    PAGE_CACHE_MAX_MB: positiveInt.default(64),
    /** HTTP worker processes (node:cluster); default: available parallelism in production, else 1. */
    WEB_CONCURRENCY: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be a whole number")
        .transform(Number)
        .pipe(z.number().int().min(1).max(64))
        .optional(),
    ),
    /** Shared rate-limit counters and cache-invalidation broadcast between instances. */
    REDIS_URL: optionalText.pipe(redisUrl.optional()),
    /**
     * First-party analytics (app/domain/analytics/): page views and goals counted by the server,
     * no cookie, no script. `off` counts nothing and writes nothing.
     */
    ANALYTICS: onOff,
    /** Days raw analytics events are kept (their daily sums stay). */
    ANALYTICS_RETENTION_DAYS: positiveInt.max(3650).default(30),
    /** Seconds between two batch writes of a worker's analytics events. */
    ANALYTICS_FLUSH_SECONDS: positiveInt.max(300).default(5),
    /**
     * Raw analytics events stored per UTC day, every instance together; beyond it events are
     * not stored nor counted (the admin sees how many). 10 × a busy agency day's 10 000 views:
     * with 30 days kept, the events table stays under ~3 million rows.
     */
    ANALYTICS_DAILY_EVENTS: positiveInt.max(10_000_000).default(100_000),
    /**
     * Browsers (visitors) counted per address and UTC day — an IPv6 address by its /64. An
     * office or a carrier's shared address sends a few dozen; a script changing its
     * User-Agent on every request is cut here.
     */
    ANALYTICS_BROWSERS_PER_ADDRESS: positiveInt.max(100_000).default(100),
    /** Events counted per visitor and UTC day (a person reads far fewer pages). */
    ANALYTICS_EVENTS_PER_VISITOR: positiveInt.max(10_000).default(300),
    OAUTH_PROVIDERS: z.string().default(""),
    SUPABASE_TIMEOUT_MS: positiveInt.default(5000),
    SUPABASE_MAX_CONCURRENCY: positiveInt.default(16),
    BUILD_DIR: z.string().default("build"),
    /** Where `npm run backup` writes its snapshots. */
    BACKUP_DIR: z.string().default("backups"),
    /** Set by the server in embedded mode: where the site delivers its own e-mails. */
    LOCAL_MAILBOX_URL: optionalText.pipe(httpUrl.optional()),
    MAIL_FROM: z.string().default("Jenga Digital <no-reply@jengadigital.co.ke>"),
    /**
     * Outgoing mail through SMTP (`smtps://user:pass@host:465`, or `smtp://…:587` with
     * STARTTLS required except on loopback): the site's own mails, and in embedded mode the
     * backend's auth mails too. Unset: embedded mode delivers to the local mailbox.
     */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .url()
        .refine((v) => /^smtps?:\/\/[^/]/.test(v), "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    ...mpesaEnvShape,
  })
  .superRefine((value, ctx) => {
    for (const issue of mpesaIssues(value)) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
    if (value.SUPABASE_URL && !value.SUPABASE_ANON_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPABASE_ANON_KEY"],
        message: "is required when SUPABASE_URL is set",
      });
    }
    if (value.NODE_ENV === "production" && value.SUPABASE_URL && !value.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "is required in production with a hosted Supabase (SUPABASE_URL): every instance must sign cookies with the same secret",
      });
    }
  });

export type Env = z.output<typeof schema> & {
  /** The webhook lane's hooks by name, from the `HOOK_<NAME>_…` variables (app/infra/hook-env.ts). */
  HOOKS: Readonly<Record<string, HookSettings>>;
};
const KEYS = Object.keys(schema.shape) as (keyof z.output<typeof schema>)[];

/** The variables read: the schema's, and every `HOOK_…` one (their names are the hooks'). */
const readKeys = (source: NodeJS.ProcessEnv): string[] => [
  ...KEYS,
  ...Object.keys(source).filter(isHookVariable).sort(),
];

export class EnvError extends Error {}

function parse(source: NodeJS.ProcessEnv): Env {
  const result = schema.safeParse(Object.fromEntries(KEYS.map((key) => [key, source[key]])));
  const hooks = parseHookVariables(
    Object.fromEntries(
      readKeys(source)
        .filter(isHookVariable)
        .map((key) => [key, source[key]]),
    ),
  );
  if (result.success && hooks.issues.length === 0) return { ...result.data, HOOKS: hooks.hooks };
  const lines = [
    ...(result.success ? [] : result.error.issues).map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    ),
    ...hooks.issues.map((issue) => `  ${issue}`),
  ];
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

let cached: { raw: string; env: Env } | undefined;
/**
 * The production server changes its environment only through `setRuntimeEnv`, so its parsed
 * configuration is kept until then (reading ~40 variables on every call cost ~0.1 ms a page);
 * anywhere else (tests set variables directly) each call compares them.
 */
const SETTLED = process.env.NODE_ENV === "production" && !process.env.VITEST;
let settled: Env | undefined;

/** The parsed configuration of this process (throws EnvError on bad values). */
export function env(): Env {
  if (settled) return settled;
  const raw = readKeys(process.env)
    .map((key) => `${key}=${process.env[key] ?? "\u0000"}`)
    .join("\u0001");
  if (cached?.raw !== raw) cached = { raw, env: parse(process.env) };
  if (SETTLED) settled = cached.env;
  return cached.env;
}

/** Boot-time validation: the parsed configuration, or a clear error and exit code 1. */
export function loadEnv(): Env {
  try {
    return env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Values the server decides at start-up (the embedded backend's URL and key, the site URL). */
export function setRuntimeEnv(values: Partial<Record<(typeof KEYS)[number], string>>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) process.env[key] = value;
  }
  settled = undefined;
}

/** The site's canonical origin (links in e-mails, canonical URLs). */
export function siteUrl(): string {
  const current = env();
  return (current.SITE_URL ?? `http://localhost:${current.PORT}`).replace(/\/+$/, "");
}

/** The agency's time zone (AGENCY_TIME_ZONE, East Africa Time by default). */
export function agencyTimeZone(): string {
  return env().AGENCY_TIME_ZONE;
}

/** Where the last site content read is kept (see SITE_CONTENT_FILE). */
export function siteContentFile(): string {
  const current = env();
  return (
    current.SITE_CONTENT_FILE ?? join(current.SUPABASE_LOCAL_DIR || ".data", "site-content.json")
  );
}

/** How many HTTP workers to run: WEB_CONCURRENCY, else every core in production, else 1. */
export function webConcurrency(parallelism: number): number {
  const current = env();
  return current.WEB_CONCURRENCY ?? (current.NODE_ENV === "production" ? parallelism : 1);
}

export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}

export function isSecureSite(): boolean {
  return siteUrl().startsWith("https://");
}

const ephemeralSecret = randomBytes(32).toString("hex");
let warnedEphemeral = false;

/**
 * The secret that signs the site's own cookies (flash messages, onboarding progress, device
 * cookies). Configured with SESSION_SECRET; in embedded mode the server persists one in the data
 * directory (see `ensureSessionSecret`); otherwise (tests, development) one per process.
 */
export function sessionSecret(): string {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  if (!warnedEphemeral && isProduction()) {
    warnedEphemeral = true;
    console.warn("SESSION_SECRET is not set: cookies signed now will not survive a restart.");
  }
  return ephemeralSecret;
}

/**
 * Embedded mode: without SESSION_SECRET, a secret generated once into the data directory, so
 * restarts keep flash and onboarding cookies valid. Sets SESSION_SECRET for this process.
 */
export function ensureSessionSecret(dataDir: string): void {
  if (env().SESSION_SECRET) return;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "session-secret");
  let secret = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (secret.length < 32) {
    secret = randomBytes(32).toString("hex");
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  setRuntimeEnv({ SESSION_SECRET: secret });
}
