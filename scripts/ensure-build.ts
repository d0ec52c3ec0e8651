import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm start` builds first when there is no build or a source file is newer than it. A lock
 * directory keeps two servers started side by side (e.g. by Playwright) from building at once.
 */
const buildDir = process.env.BUILD_DIR || "build";
const output = `${buildDir}/server/index.js`;
const lock = `${buildDir}.lock`;
const sources = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stale = () =>
  (existsSync(output) ? statSync(output).mtimeMs : 0) < Math.max(...sources.map(newest));

function acquireLock(): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    // A lock older than 5 minutes belongs to a build that died.
    if (Date.now() - statSync(lock).mtimeMs > 300_000)
      rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

while (stale()) {
  if (!acquireLock()) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    continue;
  }
  try {
    if (stale()) {
      console.log(
        existsSync(output)
          ? "Sources changed since the last build: rebuilding"
          : "No build yet: building",
      );
      const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
