import type { IncomingMessage } from "node:http";
import type { BodyReservation } from "./body-budget.ts";

export class BodyTooLargeError extends Error {}
/** The process's body budget is full: the request is refused at once (503). */
export class BodyBudgetFullError extends Error {}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers["content-length"];
  return header === undefined ? undefined : Number(header);
}

/**
 * Reserves a body's declared length before anything is read: over `limit` → BodyTooLargeError,
 * no room in the budget → BodyBudgetFullError. A body without a length reserves as it arrives.
 */
export function reserveDeclared(
  req: IncomingMessage,
  limit: number,
  reservation: BodyReservation,
): void {
  const declared = declaredLength(req);
  if (declared === undefined) return;
  if (declared > limit) throw new BodyTooLargeError();
  if (!reservation.take(declared)) throw new BodyBudgetFullError();
}

/** A declared length over `limit` is refused before anything is read (nothing is reserved). */
export function refuseDeclaredOver(req: IncomingMessage, limit: number): void {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) throw new BodyTooLargeError();
}

/**
 * Counts the bytes of a body as they arrive, against `limit` and (unless the body passes through
 * without being held: `held` false) the budget.
 */
function byteCounter(
  req: IncomingMessage,
  limit: number,
  reservation: BodyReservation,
  held = true,
) {
  const chunked = held && declaredLength(req) === undefined;
  let size = 0;
  return (chunk: Buffer): void => {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError();
    if (chunked && !reservation.take(chunk.length)) throw new BodyBudgetFullError();
  };
}

/**
 * Reads a request body into memory (after `reserveDeclared`), refusing more than `limit`. A
 * refused body stops being read but its request is not destroyed (as leaving a `for await`
 * loop would do, taking the socket with it): the refusal still has a connection to go out on,
 * and the rest of the body is dropped by the lingering close (server/linger.ts).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  reservation: BodyReservation,
): Promise<Buffer> {
  const count = byteCounter(req, limit, reservation);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      try {
        count(chunk);
        chunks.push(chunk);
      } catch (error) {
        stop();
        req.pause();
        reject(error);
      }
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(new Error("the request closed before its body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** Why a streamed body stopped early, for the server's answer once the app is done. */
export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  failure(): Error | undefined;
}

/**
 * A request body handed to the app unread (upload routes: the admin guard runs before a byte of
 * the form is read), pulled from the socket only as the app reads it, within `limit` and the
 * budget — or, for a body the app passes on as it reads it (`held: false`, private files), within
 * `limit` only: one chunk at a time is in memory.
 */
export function streamBody(
  req: IncomingMessage,
  limit: number,
  reservation: BodyReservation,
  { held = true }: { held?: boolean } = {},
): StreamedBody {
  const count = byteCounter(req, limit, reservation, held);
  let chunks: AsyncIterator<Buffer> | undefined;
  let failed: Error | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        chunks ??= req[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done) return controller.close();
        const chunk = next.value;
        count(chunk);
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error));
        controller.error(failed);
      }
    },
    // Nothing to do: the server closes the connection of an answer whose body was left unread,
    // once the answer had time to be read (server/linger.ts); ending the iterator here would
    // destroy the socket before the answer is written.
  });
  return { stream, failure: () => failed };
}
