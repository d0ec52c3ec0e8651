import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { removeDir } from "../../test/support/site.ts";
import { type BenchServer, forkServer } from "./measure.ts";

/** bench/floor-app: React Router's framework mode with none of the site's code. */
const APP = "bench/floor-app";

/**
 * Builds the floor app and serves it on `port` with `@react-router/node`'s own listener (one
 * process); stop() also removes its build.
 */
export async function startFloorApp(port: number): Promise<BenchServer> {
  // Inside the repository, where the build's imports find node_modules (git ignores build/).
  const buildDir = join(process.cwd(), APP, "build");
  execFileSync(join(process.cwd(), "node_modules/.bin/react-router"), ["build"], {
    cwd: APP,
    env: { ...process.env, FLOOR_BUILD_DIR: buildDir },
    stdio: "ignore",
  });
  const server = await forkServer(`${APP}/serve.ts`, [String(port), buildDir]);
  return {
    pid: server.pid,
    stop() {
      server.stop();
      removeDir(buildDir);
    },
  };
}
