import { createServer, type Server } from "node:net";
import { afterEach, expect, it } from "vitest";
import { freePort } from "../support/ports";

const held: Server[] = [];
afterEach(() => {
  for (const server of held.splice(0)) server.close();
});

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

it("hands out ports below the kernel's ephemeral range that a server can then listen on", async () => {
  const ports = new Set<number>();
  for (let i = 0; i < 20; i++) {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    ports.add(port);
    held.push(await listen(port));
  }
  // Never the same port twice in a row of starts, and never one a server already holds.
  expect(ports.size).toBe(20);
});
