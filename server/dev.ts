import { createServer } from "node:http";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { ensureSessionSecret, loadEnv, setRuntimeEnv } from "../app/infra/env.server.ts";
import { createAppListener } from "./app.ts";
import { closingStandInToo, startDarajaStandInIfNeeded } from "./daraja-standin.ts";
import { startEmbeddedBackendIfNeeded } from "./embedded-backend.ts";
import { installGracefulShutdown } from "./shutdown.ts";

/** Development server: Vite in middleware mode (HMR), same pipeline as production. */
const env = loadEnv();
const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
setRuntimeEnv({ SITE_URL: siteUrl });
const log = (line: string) => console.log(line);

if (!env.SUPABASE_URL) ensureSessionSecret(resolve(env.SUPABASE_LOCAL_DIR));
// The stand-in first: it runs in this process, so a failed backend start takes it along.
const standIn = await startDarajaStandInIfNeeded(env, siteUrl, log);
const backend = closingStandInToo(await startEmbeddedBackendIfNeeded(env, siteUrl, log), standIn);
// Vite's HMR socket shares the site's port, so the page's CSP (connect-src 'self') allows it.
const server = createServer((req, res) => {
  vite.middlewares(req, res, () => void listener(req, res));
});
const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { server } },
  appType: "custom",
});
const listener = createAppListener({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  log,
});
server.listen(env.PORT, env.HOST, () => log(`Dev server on http://localhost:${env.PORT}`));
installGracefulShutdown(
  server,
  async () => {
    await vite.close();
    await backend?.close();
  },
  log,
);
