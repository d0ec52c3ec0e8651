import type { Server } from "node:http";
import { drainServer } from "./drain.ts";

/**
 * SIGTERM/SIGINT: runs `stop` (stop accepting, let in-flight requests finish, close what the
 * process holds), then exits 0. A second signal or the timeout forces exit 1.
 */
export function onStopSignals(
  stop: (signal: string) => Promise<void>,
  log: (line: string) => void,
  timeoutMs = 10_000,
): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      log("Shutdown timed out; exiting");
      process.exit(1);
    }, timeoutMs).unref();
    stop(signal).finally(() => {
      log("Shut down cleanly");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => handle("SIGTERM"));
  process.on("SIGINT", () => handle("SIGINT"));
}

/** One process serving HTTP itself (development, WEB_CONCURRENCY=1). */
export function installGracefulShutdown(
  server: Server,
  closeBackend: () => Promise<void>,
  log: (line: string) => void,
): void {
  onStopSignals(async () => {
    await drainServer(server, { closeIdle: true });
    await closeBackend();
  }, log);
}
