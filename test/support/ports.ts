import { createServer } from "node:net";

/**
 * Ports for the servers tests start, from 20 000–31 999: below the kernel's ephemeral range
 * (32 768–60 999 here), where every outgoing connection and every `listen(0)` (the in-process
 * backends) takes its local port. Asking the kernel for a free ephemeral port and binding it a
 * moment later in a child process lost that race once in CI (EADDRINUSE). Each Vitest worker
 * running at the same time (`VITEST_POOL_ID`, unique among them) has a block of its own; a port
 * is handed out only after binding it here succeeded, and not again by this process until the
 * block wraps. TEST_PORT_BLOCK shifts the blocks, so two suites running side by side on one
 * machine (two checkouts) take different ones.
 */
const FIRST = 20_000;
const BLOCK = 1_500;
const BLOCKS = 8;
const block =
  ((Number(process.env.VITEST_POOL_ID) || 0) + (Number(process.env.TEST_PORT_BLOCK) || 0)) % BLOCKS;
let cursor = Math.floor(Math.random() * BLOCK);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on, for a server a test is about to start. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = FIRST + block * BLOCK + (cursor++ % BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${FIRST + block * BLOCK}–${FIRST + (block + 1) * BLOCK - 1}`);
}
