import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ensureSessionSecret, loadEnv, setRuntimeEnv } from "../app/infra/env.server.ts";
import { createAppListener } from "./app.ts";
import { startEmbeddedBackendIfNeeded } from "./embedded-backend.ts";
import { PageCache } from "./page-cache.ts";
import { installGracefulShutdown } from "./shutdown.ts";
import { loadStaticFiles } from "./static-files.ts";

const env = loadEnv();
const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
setRuntimeEnv({ SITE_URL: siteUrl });
const log = (line: string) => console.log(line);

process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));

if (!env.SUPABASE_URL) ensureSessionSecret(resolve(env.SUPABASE_LOCAL_DIR));
const backend = await startEmbeddedBackendIfNeeded(env, siteUrl, log);
const buildDir = resolve(env.BUILD_DIR);
const build = (await import(
  pathToFileURL(resolve(buildDir, "server/index.js")).href
)) as ServerBuild;
const pageCache = env.PAGE_CACHE ? new PageCache() : undefined;
const listener = createAppListener({
  build,
  pageCache,
  mode: "production",
  staticFiles: loadStaticFiles(resolve(buildDir, "client")),
  trustProxy: env.TRUST_PROXY === true,
  // A post or page changed: cached anonymous pages are dropped at once.
  contentEvents: { announce: () => pageCache?.clear() },
  log,
});

const server = createServer((req, res) => void listener(req, res));
server.listen(env.PORT, env.HOST, () => {
  log(`Site listening on http://localhost:${env.PORT} (NODE_ENV=${env.NODE_ENV ?? "unset"})`);
});
installGracefulShutdown(server, async () => backend?.close(), log);
