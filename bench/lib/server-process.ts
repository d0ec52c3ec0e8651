import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Builds when sources changed (as `npm start` does). */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("build failed");
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not become healthy`);
}

/** A fresh data directory for a benchmark run (optionally a copy of an existing one). */
export function benchDataDir(copyFrom?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-"));
  if (copyFrom) cpSync(copyFrom, dir, { recursive: true });
  return dir;
}

/** The cluster's primary logs this line once every worker listens. */
function allWorkersListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString("utf8")).slice(-4096);
      if (!/workers listening/.test(seen)) return;
      child.stdout?.off("data", onData);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", () => reject(new Error("the server exited before its workers listened")));
  });
}

/** Starts the production server (`NODE_ENV=production node server/index.ts`) as a child process. */
export async function startSite(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<SiteProcess> {
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      SUPABASE_URL: "",
      SUPABASE_LOCAL_DIR: dataDir,
      SUPABASE_LOCAL_PORT: "0",
      RATE_LIMIT: "off",
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  if (Number(env.WEB_CONCURRENCY ?? 1) > 1) await allWorkersListening(child);
  child.stdout?.resume(); // one log line per request: keep the pipe flowing
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
