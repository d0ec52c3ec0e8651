import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * Stops accepting connections and resolves once every open one has ended.
 * - `closeIdle` (shutdown): idle keep-alive connections are closed at once, as
 *   `http.Server#close` does.
 * - otherwise (rolling restart): idle keep-alive connections stay open; the next answer on each
 *   carries `Connection: close` (see `markDraining`), and one that stays idle ends at the
 *   keep-alive timeout. Closing an idle connection at once would race a client that is just
 *   sending its next request on it — the one way a restart could drop a request.
 */
export function drainServer(server: Server, { closeIdle }: { closeIdle: boolean }): Promise<void> {
  return new Promise((done) => {
    if (closeIdle) {
      server.close(() => done());
      server.closeIdleConnections();
    } else {
      // net.Server#close: stop listening without http.Server's closing of idle connections.
      NetServer.prototype.close.call(server, () => done());
    }
  });
}
