import type { Server } from "node:http";

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close the backend,
 * exit 0. A second signal or a 10 s timeout forces the exit.
 */
export function installGracefulShutdown(
  server: Server,
  closeBackend: () => Promise<void>,
  log: (line: string) => void,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      log("Shutdown timed out; exiting");
      process.exit(1);
    }, 10_000).unref();
    server.close(async () => {
      try {
        await closeBackend();
      } finally {
        log("Shut down cleanly");
        process.exit(0);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
