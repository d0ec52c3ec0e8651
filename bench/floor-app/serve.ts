import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";
import type { ServerBuild } from "react-router";

/**
 * The floor app's server: React Router's own Node listener, nothing else.
 * Usage: node bench/floor-app/serve.ts <port> <build directory>
 */
const [port = "0", buildDir = "build"] = process.argv.slice(2);
const build = (await import(
  pathToFileURL(join(resolve(buildDir), "server/index.js")).href
)) as ServerBuild;
createServer(createRequestListener({ build, mode: "production" })).listen(
  Number(port),
  "127.0.0.1",
  () => process.send?.("ready"),
);
