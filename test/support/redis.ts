import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./site";

/**
 * A throw-away `redis-server` (Debian's, /usr/bin/redis-server or REDIS_SERVER_PATH) on a free
 * loopback port, without persistence, for tests of several instances.
 */
export interface TestRedis {
  url: string;
  port: number;
  /** SIGKILL (Redis gone at once) and wait for exit. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startTestRedis(port?: number): Promise<TestRedis> {
  const chosen = port ?? (await freePort());
  const binary = process.env.REDIS_SERVER_PATH || "/usr/bin/redis-server";
  const args = ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly"];
  const child: ChildProcess = spawn(binary, [...args, "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("redis-server did not answer in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const exit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  return { url, port: chosen, kill: () => exit("SIGKILL"), stop: () => exit("SIGTERM") };
}
