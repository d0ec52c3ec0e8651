import cluster, { type Worker } from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { answerSaltRequest, DaySalts, isSaltRequest } from "../app/infra/day-salts.ts";
import type { Env } from "../app/infra/env.server.ts";
import { type ContentBus, type ContentChange, createRedisBus } from "./content-bus.ts";
import type { BackendHandle } from "./embedded-backend.ts";
import { type PrimaryMessage, SITE_MESSAGE, type WorkerMessage } from "./messages.ts";
import { onStopSignals } from "./shutdown.ts";
import { workerExecArgv } from "./worker-flags.ts";

/** A worker that dies sooner than this after its start is replaced after a growing pause. */
const CRASH_WINDOW_MS = 5_000;

/**
 * The cluster's primary: runs no HTTP itself. It forks `count` workers sharing the port, keeps
 * the rate-limit counters they share (rate-limiter-flexible's cluster master) and the day salts
 * of analytics visitor ids (in memory only: they outlive a worker's restart, never reach a
 * disk), relays content changes between them (IPC) and, with REDIS_URL, to and from other
 * instances; replaces a worker
 * that dies, drains them all on SIGTERM/SIGINT, and restarts them one at a time on SIGHUP.
 */
export function runPrimary(options: {
  env: Env;
  count: number;
  backend: BackendHandle | undefined;
  log: (line: string) => void;
}): void {
  const { env, count, backend, log } = options;
  new RateLimiterClusterMaster();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, env.NODE_OPTIONS) });
  const salts = new DaySalts(env.AGENCY_TIME_ZONE);
  const started = new Map<Worker, number>();
  const retiring = new Set<Worker>();
  let stopping = false;
  let crashes = 0;

  const send = (worker: Worker, message: PrimaryMessage) => {
    if (worker.isConnected()) worker.send({ [SITE_MESSAGE]: true, ...message });
  };
  const broadcast = (change: ContentChange, except?: Worker) => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== except) send(worker, { type: "content-changed", change });
    }
  };
  const bus: ContentBus | undefined = env.REDIS_URL
    ? createRedisBus(env.REDIS_URL, (change) => broadcast(change), log)
    : undefined;
  // A write the database announced (whoever made it): every worker, and the other instances.
  backend?.onContentChanged((change) => {
    broadcast(change);
    bus?.publish(change);
  });

  const fork = (): Worker => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.on("message", (message: WorkerMessage) => {
      if (isSaltRequest(message)) {
        if (worker.isConnected()) worker.send(answerSaltRequest(salts, message));
        return;
      }
      if (message?.[SITE_MESSAGE] && message.type === "content-changed") {
        broadcast(message.change, worker);
        bus?.publish(message.change);
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    const startedAt = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping || retiring.delete(worker)) return;
    log(
      `Worker ${worker.id} (process ${worker.process.pid}) died (${signal ?? code}); replacing it`,
    );
    crashes = Date.now() - startedAt < CRASH_WINDOW_MS ? crashes + 1 : 0;
    setTimeout(() => !stopping && fork(), Math.min(crashes * 500, 10_000));
  });

  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once("listening", () => resolve(true));
      worker.once("exit", () => resolve(false));
    });
  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) resolve();
      else worker.once("exit", () => resolve());
    });
  const retire = (worker: Worker, closeIdle: boolean) => {
    retiring.add(worker);
    send(worker, { type: "drain", closeIdle });
    return exited(worker);
  };

  let restarting = false;
  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    log("SIGHUP received: restarting the workers one at a time");
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) break;
      const fresh = fork();
      if (!(await listening(fresh))) {
        log("A new worker failed to start; the old workers keep serving");
        break;
      }
      await retire(old, false);
    }
    restarting = false;
    log("Workers restarted");
  };

  onStopSignals(
    async () => {
      stopping = true;
      await Promise.all(Object.values(cluster.workers ?? {}).map((w) => w && retire(w, true)));
      await bus?.close();
      await backend?.close();
    },
    log,
    15_000,
  );
  process.on("SIGHUP", () => void rollingRestart());
  const first = Array.from({ length: count }, () => fork());
  void Promise.all(first.map(listening)).then(() =>
    log(`Primary ${process.pid}: ${count} workers listening on port ${env.PORT}`),
  );
}
