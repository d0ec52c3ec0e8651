import { createServer, type Server } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { env as currentEnv, type Env, sessionSecret } from "../app/infra/env.server.ts";
import { batchedAccessLog } from "./access-log.ts";
import { analyticsHooks, contentChangedHook, createAppListener, hookReceiverOf } from "./app.ts";
import type { ContentChange } from "./content-bus.ts";
import { drainServer } from "./drain.ts";
import { FormGate, loopPressure, overloadSignal } from "./form-gate.ts";
import { createHookLane, HOOK_DELIVERIES_PER_SECOND } from "./hook-lane.ts";
import { PageCache } from "./page-cache.ts";
import { postClientOf } from "./post-client.ts";
import { createReadinessCheck } from "./readiness.ts";
import { loadStaticFiles } from "./static-files.ts";

/**
 * Slow clients: the request line and headers must arrive within 10 s and the whole request
 * (an upload's body included) within 2 minutes; Node checks both every second (its default
 * check every 30 s would let a 1-byte-a-second client hold a socket for 40 s).
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** The jobs runner of the build (app/entry.server.tsx), absent from builds without one. */
function jobsHooks(build: ServerBuild): { start(): void; stop(): Promise<void> } {
  const entry = build.entry.module as { startJobs?: () => void; stopJobs?: () => Promise<void> };
  return { start: entry.startJobs ?? (() => {}), stop: entry.stopJobs ?? (async () => {}) };
}

export interface SiteServer {
  server: Server;
  /**
   * A content change announced by another worker or instance: the app reads its content again
   * and the cached pages showing it go.
   */
  clearCache(change: ContentChange): void;
  /** Stops accepting, finishes in-flight requests (see drainServer), releases connections. */
  drain(options: { closeIdle: boolean }): Promise<void>;
}

/**
 * One process's HTTP server on the production build: the whole app pipeline, its page cache
 * (a share of PAGE_CACHE_MAX_MB when several workers run) and /readyz. `announce` carries a
 * content change made here to the other workers and instances.
 */
export async function startSiteServer(options: {
  env: Env;
  workers: number;
  announce: (change: ContentChange) => void;
  log: (line: string) => void;
  /** Appended to each request's line (a worker names itself: " w2"). */
  requestLineSuffix?: string;
  /** Where the batched request lines are written (`log` when unset). */
  writeRequestLines?: (text: string) => void;
}): Promise<SiteServer> {
  const { env, log } = options;
  const buildDir = resolve(env.BUILD_DIR);
  const build = (await import(
    pathToFileURL(resolve(buildDir, "server/index.js")).href
  )) as ServerBuild;
  const pageCache = env.PAGE_CACHE
    ? new PageCache({
        maxBytes: Math.floor((env.PAGE_CACHE_MAX_MB * 1024 * 1024) / options.workers),
      })
    : undefined;
  const appContentChanged = contentChangedHook(build);
  const analytics = analyticsHooks(build);
  const pressure = loopPressure();
  const accessLog = batchedAccessLog(options.writeRequestLines ?? log);
  const suffix = options.requestLineSuffix ?? "";
  const readiness = createReadinessCheck({
    // Read at request time: in embedded mode the backend's URL is decided at start-up.
    supabase: () => {
      const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = currentEnv();
      return { url, anonKey };
    },
    redisUrl: env.REDIS_URL,
  });
  const listener = createAppListener({
    build,
    pageCache,
    mode: "production",
    staticFiles: loadStaticFiles(resolve(buildDir, "client")),
    trustProxy: env.TRUST_PROXY === true,
    // Content changed here (the app already read it again: app/entry.server.tsx): this
    // process drops the cached pages showing it at once, then tells the rest.
    contentEvents: {
      announce(change) {
        pageCache?.invalidate(change);
        options.announce(change);
      },
    },
    readiness: () => readiness.check(),
    answered: analytics.view,
    hookLane: createHookLane({
      // Read at each delivery, as the rest of the configuration (tests change it between runs).
      hooks: () => currentEnv().HOOKS,
      receive: hookReceiverOf(build),
      trustProxy: env.TRUST_PROXY === true,
      perSecond: env.RATE_LIMIT ? HOOK_DELIVERIES_PER_SECOND : 0,
    }),
    formGate: new FormGate({
      overloaded: overloadSignal(pressure, env.RATE_LIMIT),
      // The client as the rate limits count it; an administrator by the admin pass the admin
      // area signed with SESSION_SECRET (read at request time: embedded mode sets it at start).
      identify: (req) =>
        postClientOf(req, { trustProxy: env.TRUST_PROXY === true, secret: sessionSecret }),
    }),
    log,
    accessLog: (line) => accessLog.line(`${line}${suffix}`),
  });
  let draining = false;
  const server = createServer(HTTP_TIMEOUTS, (req, res) => {
    // While draining, every answer closes its connection: the client reconnects elsewhere.
    if (draining) res.shouldKeepAlive = false;
    void listener(req, res);
  });
  await new Promise<void>((done) => server.listen(env.PORT, env.HOST, done));
  const jobs = jobsHooks(build);
  jobs.start();
  return {
    server,
    clearCache(change) {
      appContentChanged(change);
      pageCache?.invalidate(change);
    },
    async drain(drainOptions) {
      draining = true;
      await drainServer(server, drainOptions);
      // No new job is claimed; the batch in hand settles (a job cut off here is claimed again
      // elsewhere once its lease expires).
      await jobs.stop().catch((error: unknown) => console.warn("jobs:", error));
      // Every answer is sent: the page views and goals this process still holds are written.
      await analytics.flush().catch((error: unknown) => console.warn("analytics:", error));
      readiness.close();
      pressure.stop();
      accessLog.flush();
    },
  };
}
