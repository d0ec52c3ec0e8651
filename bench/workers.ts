import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import autocannon from "autocannon";
import { createKeys, loadOrCreateSecret } from "../supabase/local/jwt.ts";
import { benchDataDir, ensureBuild, removeDir, startSite } from "./lib/server-process.ts";

/**
 * npm run bench:workers — uncached server-side rendering, the site's real capacity: `/` and
 * `/blog` with the page cache off, and `/dashboard` signed in (never cached), with 1 and 2
 * workers, next to a bare node:http server sending the same bytes in the same run (the ratio is
 * what counts on a noisy machine). BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 20).
 */
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const paths = ["/", "/blog", "/dashboard"];
const PORT = 4860;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const run = (seconds: number) => autocannon({ url, connections, duration: seconds, headers });
  await run(2); // warm-up
  const result = await run(duration);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** A confirmed, onboarded client and the Cookie header of its session. */
async function signedInCookie(siteUrl: string, dataDir: string): Promise<string> {
  const keys = await createKeys(loadOrCreateSecret(dataDir));
  const backendUrl = process.env.BENCH_BACKEND_URL as string;
  const service = createClient(backendUrl, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-42";
  const { error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Bench Client", onboarded: true },
  });
  if (error) throw new Error(error.message);
  const response = await fetch(`${siteUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, remember: "on" }),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  return cookies.filter((pair) => !pair.endsWith("=")).join("; ");
}

function startBare(port: number, file: string): Promise<() => void> {
  const child = fork("bench/lib/bare-static-server.ts", [String(port), file], { stdio: "ignore" });
  return new Promise((resolve) => child.once("message", () => resolve(() => child.kill())));
}

ensureBuild();
const dataDir = benchDataDir();
const backendPort = 54860;
process.env.BENCH_BACKEND_URL = `http://127.0.0.1:${backendPort}`;
const env = { PAGE_CACHE: "off", SUPABASE_LOCAL_PORT: String(backendPort) };
const captureDir = benchDataDir();
const results: Record<string, Record<string, Figures>> = {};
let cookie = "";
for (const workers of [1, 2]) {
  const site = await startSite(PORT, dataDir, { ...env, WEB_CONCURRENCY: String(workers) });
  cookie ||= await signedInCookie(site.url, dataDir);
  for (const path of paths) {
    const headers: Record<string, string> = path === "/dashboard" ? { Cookie: cookie } : {};
    const file = join(captureDir, `${path.replace(/\W/g, "_")}.html`);
    if (workers === 1) {
      const page = await fetch(`${site.url}${path}`, { headers, redirect: "manual" });
      if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
      writeFileSync(file, Buffer.from(await page.arrayBuffer()));
    }
    const row = (results[path] ??= {});
    row[`workers${workers}`] = await measure(`${site.url}${path}`, headers);
    if (workers === 1) {
      const stopBare = await startBare(PORT + 10, file);
      row.bare = await measure(`http://127.0.0.1:${PORT + 10}/`);
      stopBare();
    }
  }
  await site.stop();
}
removeDir(dataDir);
removeDir(captureDir);

const cell = (f?: Figures) => (f ? `${f.rps} (${f.p50}/${f.p99})` : "–");
console.log(
  `\n${connections} connections, ${duration} s per measurement after a 2 s warm-up; req/s (p50/p99 ms)\n`,
);
console.log(
  "| page | 1 worker | 2 workers | bare node:http, same bytes | 1 worker / bare | 2 workers / 1 worker | non-2xx |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const [path, row] of Object.entries(results)) {
  const one = row.workers1 as Figures;
  const two = row.workers2 as Figures;
  const bare = row.bare as Figures;
  console.log(
    `| \`${path}\`${path === "/dashboard" ? " (signed in)" : ""} | ${cell(one)} | ${cell(two)} | ${cell(bare)} | ${(one.rps / bare.rps).toFixed(3)} | ${(two.rps / one.rps).toFixed(2)} | ${one.bad + two.bad} |`,
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/workers.json",
  `${JSON.stringify({ date: new Date().toISOString(), connections, duration, results }, null, 2)}\n`,
);
