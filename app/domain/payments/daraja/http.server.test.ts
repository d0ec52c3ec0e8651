import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, errorEnvelope, exchange } from "./http.server";

/**
 * One exchange with a real HTTP server on a real socket (no mock in between): a slow or
 * endless sender costs at most the deadline and BODY_LIMIT bytes, and the connection is let go.
 */
let server: Server;
let base: string;
/** Bytes the server wrote to each response before the client let go. */
const written: number[] = [];

const routes: Record<string, (res: ServerResponse) => void> = {
  "/ok": (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"ResponseCode":"0"}');
  },
  // A sender that never stops: 16 KB chunks as fast as the client takes them.
  "/endless": (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < 512 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
    };
    res.on("close", () => written.push(sent));
    pump();
  },
  // One space every 50 ms, for ever: each read arrives well within any idle timeout.
  "/trickle": (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const timer = setInterval(() => res.write(" "), 50);
    res.on("close", () => clearInterval(timer));
  },
  // Headers never come.
  "/silent": () => {},
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[req.url ?? ""];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, timeoutMs = 2000) =>
  exchange({ url: `${base}${path}`, method: "GET", headers: {}, timeoutMs });

describe("an exchange with Daraja (http.server.ts)", () => {
  it("reads a JSON answer", async () => {
    expect(await get("/ok")).toEqual({ kind: "answer", status: 200, json: { ResponseCode: "0" } });
  });

  it("stops an endless answer after BODY_LIMIT bytes and closes the connection", async () => {
    const started = performance.now();
    expect(await get("/endless")).toEqual({
      kind: "unreachable",
      reason: "too-large",
      status: 200,
    });
    expect(performance.now() - started).toBeLessThan(1500);
    await expect.poll(() => written.length).toBe(1);
    // What the socket's buffers held when the client let go, not the 512 MB on offer.
    expect(written[0]).toBeLessThan(BODY_LIMIT + 8 * 1024 * 1024);
  });

  it("gives up on a trickling answer and on a silent server at the deadline", async () => {
    for (const path of ["/trickle", "/silent"]) {
      const started = performance.now();
      expect(await get(path, 400), path).toEqual({ kind: "unreachable", reason: "timeout" });
      expect(performance.now() - started, path).toBeLessThan(1500);
    }
  });

  it("reads a refused connection as unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const result = await exchange({
      url: `http://127.0.0.1:${port}/`,
      method: "GET",
      headers: {},
      timeoutMs: 1000,
    });
    expect(result).toEqual({ kind: "unreachable", reason: "network" });
  });

  it("recognises Daraja's error envelope, and nothing else", () => {
    expect(
      errorEnvelope({
        requestId: "1",
        errorCode: "404.001.03",
        errorMessage: "Invalid Access Token",
      }),
    ).toEqual({ requestId: "1", errorCode: "404.001.03", errorMessage: "Invalid Access Token" });
    expect(errorEnvelope({ errorCode: "500.003.02" })).toEqual({
      errorCode: "500.003.02",
      errorMessage: "",
    });
    for (const odd of [null, "x", [], {}, { errorCode: "" }, { errorCode: "x".repeat(65) }]) {
      expect(errorEnvelope(odd), JSON.stringify(odd)).toBeUndefined();
    }
  });
});
