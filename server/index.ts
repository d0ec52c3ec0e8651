import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { CONTENT_CHANGED_EVENT } from "../app/lib/content-events.server.ts";
import { createAppListener } from "./app.ts";
import { startEmbeddedBackendIfNeeded } from "./embedded-backend.ts";
import { PageCache } from "./page-cache.ts";
import { installGracefulShutdown } from "./shutdown.ts";
import { loadStaticFiles } from "./static-files.ts";

const env = process.env;
const port = Number(env.PORT || 3000);
const host = env.HOST || "0.0.0.0";
env.SITE_URL ||= `http://localhost:${port}`;
const log = (line: string) => console.log(line);

process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));

const backend = await startEmbeddedBackendIfNeeded(env, log);
const buildDir = resolve(env.BUILD_DIR || "build");
const build = (await import(
  pathToFileURL(resolve(buildDir, "server/index.js")).href
)) as ServerBuild;
const pageCache = env.PAGE_CACHE === "off" ? undefined : new PageCache();
// Post writes in the app announce themselves; cached anonymous pages are dropped at once.
process.on(CONTENT_CHANGED_EVENT, () => pageCache?.clear());
const listener = createAppListener({
  build,
  pageCache,
  mode: "production",
  staticFiles: loadStaticFiles(resolve(buildDir, "client")),
  trustProxy: Boolean(env.TRUST_PROXY),
  log,
});

const server = createServer((req, res) => void listener(req, res));
server.listen(port, host, () => {
  log(`Site listening on http://localhost:${port} (NODE_ENV=${env.NODE_ENV ?? "unset"})`);
});
installGracefulShutdown(server, async () => backend?.close(), log);
