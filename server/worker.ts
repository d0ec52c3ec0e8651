import cluster from "node:cluster";
import type { Env } from "../app/infra/env.server.ts";
import { createRedisBus } from "./content-bus.ts";
import type { BackendHandle } from "./embedded-backend.ts";
import { type PrimaryMessage, SITE_MESSAGE, type WorkerMessage } from "./messages.ts";
import { onStopSignals } from "./shutdown.ts";
import { type SiteServer, startSiteServer } from "./site-server.ts";

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * A cluster worker: serves HTTP, tells the primary about content changes made here, and obeys
 * it (clear the cache, drain). It drains and exits when the primary goes away or on SIGTERM;
 * SIGINT and SIGHUP (sent to the whole process group by a terminal) are the primary's to handle.
 */
export async function runWorker(env: Env, count: number, log: (line: string) => void) {
  const id = cluster.worker?.id ?? 0;
  const site = await startSiteServer({
    env,
    workers: count,
    announce(change) {
      const message: WorkerMessage = { [SITE_MESSAGE]: true, type: "content-changed", change };
      if (process.connected) process.send?.(message);
    },
    // Every line names the worker: "GET /blog 200 4.2ms w2".
    log: (line) => log(`${line} w${id}`),
    requestLineSuffix: ` w${id}`,
    writeRequestLines: log,
  });
  let draining = false;
  const drain = (closeIdle: boolean) => {
    if (draining) return;
    draining = true;
    setTimeout(() => process.exit(0), DRAIN_TIMEOUT_MS).unref();
    void site.drain({ closeIdle }).then(() => process.exit(0));
  };
  process.on("message", (message: PrimaryMessage & { [SITE_MESSAGE]?: true }) => {
    if (!message?.[SITE_MESSAGE]) return;
    if (message.type === "content-changed") site.clearCache(message.change);
    else if (message.type === "drain") drain(message.closeIdle);
  });
  process.on("disconnect", () => drain(true));
  process.on("SIGTERM", () => drain(true));
  process.on("SIGINT", () => {});
  process.on("SIGHUP", () => {});
}

/** WEB_CONCURRENCY=1: this process serves HTTP itself, and talks to Redis itself. */
export async function runSingle(
  env: Env,
  backend: BackendHandle | undefined,
  log: (line: string) => void,
) {
  let site: SiteServer | undefined;
  const bus = env.REDIS_URL
    ? createRedisBus(env.REDIS_URL, (change) => site?.clearCache(change), log)
    : undefined;
  site = await startSiteServer({
    env,
    workers: 1,
    announce: (change) => bus?.publish(change),
    log,
  });
  const serving = site;
  // A write the database announced (whoever made it): this process, and the other instances.
  backend?.onContentChanged((change) => {
    serving.clearCache(change);
    bus?.publish(change);
  });
  onStopSignals(async () => {
    await serving.drain({ closeIdle: true });
    await bus?.close();
    await backend?.close();
  }, log);
  process.on("SIGHUP", () =>
    log("SIGHUP ignored: one process cannot restart without downtime (set WEB_CONCURRENCY ≥ 2)"),
  );
}
