import { once } from "node:events";
import { createServer } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppListener } from "../app.ts";
import { LINGER_MS } from "../linger.ts";
import { HTTP_TIMEOUTS } from "../site-server.ts";

const MB = 1024 * 1024;
const server = createServer(
  HTTP_TIMEOUTS,
  createAppListener({
    // Refusals are decided before the app is asked for: it is never built here.
    build: () => Promise.reject(new Error("the app is not needed")),
    mode: "production",
    log: () => {},
  }),
);
let port = 0;

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * A client that announces a 5 MB body that is not a form, keeps sending it, and reads what came
 * back only after `readAfterMs` (a busy phone, a slow script). Resolves with what it received
 * and when the connection closed (it hangs up on the answer's head if told to).
 */
async function refusedUpload(readAfterMs: number, hangUpOnAnswer = false) {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  let received = "";
  let error = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
    if (hangUpOnAnswer && received.includes("\r\n\r\n")) socket.destroy();
  });
  socket.on("error", (e) => {
    error = (e as NodeJS.ErrnoException).code ?? e.message;
  });
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(performance.now())),
  );
  const started = performance.now();
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${5 * MB}\r\n\r\n`,
  );
  // Never the whole body: the request stays incomplete, as a stalled upload's.
  const chunk = Buffer.alloc(64 * 1024, 97);
  let sent = 0;
  const sending = setInterval(() => {
    if (sent + chunk.length < 4 * MB && !socket.destroyed) {
      socket.write(chunk);
      sent += chunk.length;
    }
  }, 5);
  await new Promise((resolve) => setTimeout(resolve, readAfterMs));
  socket.resume();
  const closedAt = await closed;
  clearInterval(sending);
  return { received, error, closedAfterMs: closedAt - started };
}

describe("a request refused before its body is read", () => {
  it("gets its answer to a client still sending, which reads it late", async () => {
    for (const readAfterMs of [200, 400, 800]) {
      const { received, error } = await refusedUpload(readAfterMs, true);
      expect(received, `read after ${readAfterMs} ms (${error})`).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it("closes the connection once the answer had time to be read, body or not", async () => {
    const { closedAfterMs } = await refusedUpload(100);
    expect(closedAfterMs).toBeGreaterThan(LINGER_MS - 100);
    expect(closedAfterMs).toBeLessThan(LINGER_MS + 1500);
  });
});

describe("a form body without a length that passes its limit", () => {
  it("gets its 413 on a connection that closes after the linger, and the server stays up", async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    const closed = new Promise<number>((resolve) =>
      socket.once("close", () => resolve(performance.now())),
    );
    const started = performance.now();
    // One chunk just over the 1 MB limit of a form, the stream left open.
    const size = MB + 1024;
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${size.toString(16)}\r\n`,
    );
    socket.write(Buffer.alloc(size, 97));
    socket.write("\r\n");
    const closedAt = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAt - started).toBeLessThan(LINGER_MS + 1500);
    // The server still answers (a timer of the lingering close once threw on a gone socket).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
