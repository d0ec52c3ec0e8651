import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKeys, loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { createTestDataDir, TEST_ADMIN } from "@jenga/supabase-local/testing";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { freePort } from "./ports.ts";

/**
 * The real production server (`node server/index.ts`, NODE_ENV=production) in a child process,
 * with its embedded backend, for tests, benchmarks (bench/) and scripts that need HTTP, several
 * requests or a kill: the one place that starts the built site. Needs a build (`ensureBuild`;
 * `npm test` builds before Vitest runs).
 */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** Server time from the first byte of the request to the end of the answer. */
  ms: number;
  /** The cluster worker that answered (WEB_CONCURRENCY ≥ 2), else undefined. */
  worker?: number;
}

export interface TestSite {
  url: string;
  backendUrl: string;
  /** The local Daraja stand-in the site started (mpesa/local; none with MPESA_CONSUMER_KEY set). */
  darajaUrl: string;
  dataDir: string;
  child: ChildProcess;
  service: SupabaseClient;
  countRows(table: string): Promise<number>;
  /** SIGTERM and wait for exit; then removes the data directory if startTestSite made it. */
  stop(): Promise<void>;
  /** SIGKILL (no clean shutdown) and wait for exit; the data directory stays, as after a crash. */
  kill(): Promise<void>;
  /** The requests the server logged (newest last, the last 10 000 to 20 000): its own time for each. */
  requests(): LoggedRequest[];
  /** What the server wrote to stderr so far (the last 64 KB), for failure messages. */
  stderr(): string;
  /** The server process's resident memory in bytes (Linux /proc). */
  rss(): number;
  /** Resolves once stdout has a line matching `pattern` (from the start of the process). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * The run ids of every stored contact message whose text carries `(<run>-<n>)` (load tests give
 * each message its own id), read page by page.
 */
export async function storedMessageIds(service: SupabaseClient, run: string): Promise<string[]> {
  const ids: string[] = [];
  const pattern = new RegExp(`\\((${run}-[^)]+)\\)`);
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from("contact_messages")
      .select("message")
      .like("message", `%(${run}-%`)
      .range(from, from + 999);
    if (error) throw new Error(error.message);
    for (const row of data) ids.push(pattern.exec(row.message as string)?.[1] ?? "");
    if (data.length < 1000) break;
  }
  return ids;
}

export { freePort };

/** Builds when sources changed, as `npm start` does (scripts/ensure-build.ts). */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("build failed");
}

/**
 * An empty data directory: the server creates and seeds its backend there on first start (as on
 * a fresh install). `startTestSite` without `dataDir` uses a copy of the seeded test template.
 */
export function emptyDataDir(): string {
  return mkdtempSync(join(tmpdir(), "agency-site-"));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * How long a site may take to answer /healthz: `TEST_SITE_START_MS`, else 60 s. The runs niced
 * beside the abuse suite (vitest.patient.config.ts, vitest.lighthouse.config.ts) give more: a
 * flood there can hold a starting site for over a minute.
 */
function startDeadlineMs(): number {
  const configured = Number(process.env.TEST_SITE_START_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 60_000;
}

/** Polls /healthz every 25 ms (start-up timings in bench/startup.ts count on it). */
async function waitForHealth(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = performance.now() + startDeadlineMs();
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${stderr()}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server did not start:\n${stderr()}`);
}

const running = new Set<ChildProcess>();
let stopsOnExit = false;

/**
 * A site still running when the process that started it exits (a test file that timed out
 * while its site was starting, a worker Vitest shut down) gets SIGTERM then, and stops its
 * backend: none outlives the run.
 */
function stopWithThisProcess(child: ChildProcess): void {
  if (!stopsOnExit) {
    stopsOnExit = true;
    process.once("exit", () => {
      for (const site of running) site.kill("SIGTERM");
    });
  }
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/** SIGTERM (the site stops its backend), then SIGKILL if it has not exited within 5 s. */
async function stopUnstarted(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface SiteOptions {
  /** The site's port; a free one by default (benchmarks keep theirs fixed). */
  port?: number;
  /** The backend's data directory; a copy of the seeded test template by default. */
  dataDir?: string;
  /** Added to (and overriding) the environment below: `WEB_CONCURRENCY`, `PAGE_CACHE`… */
  env?: Record<string, string>;
  serviceRoleKey?: string;
  /** `npm run dev` (Vite in middleware mode) instead of the production server. */
  dev?: boolean;
  /**
   * The server's stderr goes to this process's, and its stdout is only read until it listens
   * (benchmarks: the parent's CPU stays on the load); `requests()` and `stderr()` stay empty.
   */
  passThrough?: boolean;
}

/**
 * Starts the site. One process (WEB_CONCURRENCY=1) unless `env` says otherwise; with several
 * workers it resolves once all of them listen. `env.SUPABASE_URL` points it at a backend that
 * runs elsewhere (several instances sharing one), instead of its own embedded one.
 */
export async function startTestSite(options: SiteOptions = {}): Promise<TestSite> {
  const external = Boolean(options.env?.SUPABASE_URL);
  // A directory made here is removed by stop(); kill() leaves it, as a crash leaves a disk.
  const ownsData = options.dataDir === undefined && !external;
  const dataDir = options.dataDir ?? (ownsData ? await createTestDataDir() : "");
  const port = options.port ?? (await freePort());
  const backendPort = options.env?.SUPABASE_LOCAL_PORT ?? String(await freePort());
  const darajaPort = options.env?.MPESA_LOCAL_PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  // V8 flags for the site and the backend process it forks (vitest.config.ts: baseline wasm).
  const flags = process.env.TEST_SITE_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const entry = options.dev ? "server/dev.ts" : "server/index.ts";
  const child = spawn(process.execPath, [...flags, entry], {
    env: {
      ...process.env,
      NODE_ENV: options.dev ? "development" : "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      SUPABASE_URL: "",
      SUPABASE_LOCAL_DIR: dataDir,
      SUPABASE_LOCAL_PORT: backendPort,
      MPESA_LOCAL_PORT: darajaPort,
      RATE_LIMIT: "off",
      WEB_CONCURRENCY: "1",
      // As in production: every instance signs cookies with one configured secret.
      SESSION_SECRET: "test-session-secret-of-at-least-32-chars",
      ...options.env,
    },
    stdio: ["ignore", "pipe", options.passThrough ? "inherit" : "pipe"],
  });
  stopWithThisProcess(child);
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString("utf8")).slice(-64 * 1024);
  });
  const stderr = () => errors;
  // The server logs one line per request: "POST /login 400 3.2ms" (its own time for it).
  const requests: LoggedRequest[] = [];
  const lines: string[] = [];
  const lineWaiters = new Set<(line: string) => void>();
  let pending = "";
  const readLines = (chunk: Buffer) => {
    const chunkLines = (pending + chunk.toString("utf8")).split("\n");
    pending = chunkLines.pop() ?? "";
    for (const line of chunkLines) {
      for (const waiter of lineWaiters) waiter(line);
      const match = /^([A-Z]+) (\S+) (\d{3}) ([\d.]+)ms(?: w(\d+))?$/.exec(line);
      if (match) {
        requests.push({
          method: match[1]!,
          path: match[2]!,
          status: Number(match[3]),
          ms: Number(match[4]),
          worker: match[5] ? Number(match[5]) : undefined,
        });
        if (requests.length > 20_000) requests.splice(0, 10_000);
      } else if (lines.length < 1000) lines.push(line);
    }
  };
  child.stdout?.on("data", readLines);
  const waitForLog = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => {
        lineWaiters.delete(waiter);
        reject(new Error(`no log line ${pattern}:\n${stderr()}`));
      }, timeoutMs);
      const waiter = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        lineWaiters.delete(waiter);
        resolve(line);
      };
      lineWaiters.add(waiter);
    });
  try {
    await waitForHealth(url, child, stderr);
  } catch (error) {
    // Never leave a site that did not start running: it would outlive the test run (and hold
    // the output pipes of whatever started the run).
    await stopUnstarted(child);
    if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  if (Number(options.env?.WEB_CONCURRENCY ?? 1) > 1) await waitForLog(/workers listening/);
  if (options.passThrough) {
    child.stdout?.off("data", readLines);
    requests.length = 0;
    child.stdout?.resume(); // one log line per request: keep the pipe flowing
  }
  const backendUrl = options.env?.SUPABASE_URL || `http://127.0.0.1:${backendPort}`;
  const serviceKey = external
    ? (options.serviceRoleKey ?? "no-service-key")
    : (await createKeys(loadOrCreateSecret(dataDir))).serviceRoleKey;
  const service = createClient(backendUrl, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const exit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  return {
    url,
    backendUrl,
    darajaUrl: `http://127.0.0.1:${darajaPort}`,
    dataDir,
    child,
    service,
    async countRows(table) {
      const { count, error } = await service
        .from(table)
        .select("*", { count: "exact", head: true });
      if (error) throw new Error(error.message);
      return count ?? 0;
    },
    async stop() {
      await exit("SIGTERM");
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => exit("SIGKILL"),
    stderr,
    waitForLog,
    requests: () => requests,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
  };
}

/**
 * Signs in through the site's own form (`remember` on) as `account` — the seeded administrator
 * by default — and returns the Cookie header of its session.
 */
export async function signInThroughForm(
  siteUrl: string,
  account: { email: string; password: string } = TEST_ADMIN,
): Promise<string> {
  const response = await fetch(`${siteUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...account, remember: "on" }),
  });
  const pairs = response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  const cookie = pairs.filter((pair) => !pair.endsWith("=")).join("; ");
  if (response.status !== 302 || !cookie) {
    throw new Error(`signing in as ${account.email} answered ${response.status}`);
  }
  return cookie;
}
