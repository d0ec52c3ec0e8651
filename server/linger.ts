import type { IncomingMessage } from "node:http";

/** How long a refused request's unread body is still taken in (and thrown away). */
export const LINGER_MS = 2_000;

/**
 * Answers to a request whose body the server refuses unread (too large, budget full, not a
 * form, cross-origin…) go out on a connection that stays open a moment while the body's bytes
 * keep arriving and are thrown away, then closes — nginx's "lingering close". Closing at once,
 * with the client still sending, makes the server's system reset the connection, and a reset
 * makes the client's system drop the answer it has not read yet: the visitor then sees
 * "connection reset" instead of the 413 or 503 page, and a flood's client no answer at all.
 * Nothing is kept: the bytes are read and dropped (no memory), and the socket is closed after
 * `LINGER_MS` if the body has not ended by then (a client that stalls holds it no longer).
 */
export function lingerThenClose(req: IncomingMessage, ms = LINGER_MS): void {
  const socket = req.socket;
  req.resume();
  // Already gone (its client hung up): nothing to linger on.
  if (!socket) return;
  const timer = setTimeout(() => {
    if (!req.complete) socket.destroy();
  }, ms);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/** Bodies up to this size are read and dropped after a refusal, keeping the connection open. */
export const SKIPPABLE_BODY_BYTES = 16 * 1024;

/**
 * A refused request's body, left unread: a small one (a sign-in form) is skipped and the
 * connection kept; a large or unknown one is not waited for — the connection closes once the
 * answer had time to be read.
 */
export function dropUnreadBody(req: IncomingMessage): void {
  const length = Number(req.headers["content-length"] ?? Number.NaN);
  if (length <= SKIPPABLE_BODY_BYTES) req.resume();
  else if (!req.complete) lingerThenClose(req);
}
