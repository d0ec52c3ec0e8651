import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createAppListener } from "./app.ts";
import { startEmbeddedBackendIfNeeded } from "./embedded-backend.ts";
import { installGracefulShutdown } from "./shutdown.ts";

/** Development server: Vite in middleware mode (HMR), same pipeline as production. */
const env = process.env;
const port = Number(env.PORT || 3000);
env.SITE_URL ||= `http://localhost:${port}`;
const log = (line: string) => console.log(line);

const backend = await startEmbeddedBackendIfNeeded(env, log);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const listener = createAppListener({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  log,
});
const server = createServer((req, res) => {
  vite.middlewares(req, res, () => void listener(req, res));
});
server.listen(port, env.HOST || "0.0.0.0", () => log(`Dev server on http://localhost:${port}`));
installGracefulShutdown(
  server,
  async () => {
    await vite.close();
    await backend?.close();
  },
  log,
);
