import { fork } from "node:child_process";
import autocannon from "autocannon";
import { treeCpuMs } from "./process-cpu.ts";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** CPU time of the serving processes (a server and its descendants) per answered request. */
  cpuMs: number;
}

export interface Load {
  connections: number;
  /** Seconds. */
  duration: number;
}

/** Loads `url` with autocannon and counts the CPU the process tree of `pid` spent meanwhile. */
export async function measure(
  url: string,
  pid: number,
  load: Load,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const before = treeCpuMs(pid);
  const result = await autocannon({ url, ...load, headers });
  return {
    cpuMs: Number(((treeCpuMs(pid) - before) / Math.max(1, result.requests.total)).toFixed(2)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** The median of a list of measurements, by req/s. */
export function medianFigures(list: Figures[] = []): Figures {
  const sorted = [...list].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)] as Figures;
}

export interface BenchServer {
  pid: number;
  stop(): void;
}

/** Forks a server script that says "ready" (process.send) once it listens. */
export function forkServer(script: string, args: string[]): Promise<BenchServer> {
  const child = fork(script, args, { stdio: "ignore" });
  const server = { pid: child.pid ?? 0, stop: () => child.kill() };
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(server));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The static ceiling: a bare node:http server sending `file`'s bytes from memory. */
export function startBare(port: number, file: string): Promise<BenchServer> {
  return forkServer("bench/lib/bare-static-server.ts", [String(port), file]);
}
