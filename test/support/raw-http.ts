import { connect, type Socket } from "node:net";

/** A request written by hand on its own socket: for bodies that stall and byte-slow headers. */
export interface RawRequest {
  socket: Socket;
  /** The answer's status, or null when the server closed the connection without one. */
  status: Promise<number | null>;
  /** The answer's head (status line and headers) once it arrived. */
  head(): string;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
}

export function rawRequest(url: string, text: string | Buffer): RawRequest {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  let received = "";
  const status = new Promise<number | null>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) resolve(Number(match[1]));
    });
    socket.on("close", () => resolve(null));
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(text);
  return { socket, status, closed, head: () => received.split("\r\n\r\n")[0] ?? "" };
}

/**
 * A POST whose headers announce `length` bytes of body, of which only `sent` are written: the
 * sender then stalls, as a slow or hostile client does.
 */
export function stalledPost(
  url: string,
  path: string,
  options: { length: number; sent: number; contentType: string; cookie?: string },
): RawRequest {
  const { host } = new URL(url);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Content-Type: ${options.contentType}`,
    `Content-Length: ${options.length}`,
    ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
    "",
    "",
  ].join("\r\n");
  return rawRequest(url, Buffer.concat([Buffer.from(head), Buffer.alloc(options.sent, 97)]));
}
