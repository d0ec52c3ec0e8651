import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import {
  ensureSessionSecret,
  loadEnv,
  setRuntimeEnv,
  webConcurrency,
} from "../app/infra/env.server.ts";
import { closingStandInToo, startDarajaStandInIfNeeded } from "./daraja-standin.ts";
import { startEmbeddedBackendIfNeeded } from "./embedded-backend.ts";
import { runPrimary } from "./primary.ts";
import { runSingle, runWorker } from "./worker.ts";

/**
 * Production entry. WEB_CONCURRENCY ≥ 2: this process is the cluster's primary (embedded backend,
 * shared rate-limit counters, content-change relay) and forks that many HTTP workers sharing the
 * port, which run this same file. WEB_CONCURRENCY = 1: one process does everything.
 */
const env = loadEnv();
const log = (line: string) => console.log(line);
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));

if (cluster.isWorker) {
  await runWorker(env, webConcurrency(1), log);
} else {
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  const count = webConcurrency(availableParallelism());
  // Workers inherit what the primary decides here (cluster.fork copies process.env).
  setRuntimeEnv({ SITE_URL: siteUrl, WEB_CONCURRENCY: String(count) });
  if (!env.SUPABASE_URL) ensureSessionSecret(resolve(env.SUPABASE_LOCAL_DIR));
  // The stand-in first: it runs in this process, so a failed backend start takes it along.
  const standIn = await startDarajaStandInIfNeeded(env, siteUrl, log);
  const embedded = await startEmbeddedBackendIfNeeded(env, siteUrl, log);
  const backend = closingStandInToo(embedded, standIn);
  const ready = loadEnv();
  log(`Site on http://localhost:${env.PORT} (NODE_ENV=${env.NODE_ENV ?? "unset"})`);
  if (count >= 2) runPrimary({ env: ready, count, backend, log });
  else await runSingle(ready, backend, log);
}
