/**
 * Every exchange of the stand-in, both directions, in memory and bounded: the Daraja API calls it
 * answered (`in`) and the callbacks it posted (`out`), request and response.
 */

/** Bodies longer than this are cut in the log (the exchange itself is not). */
const BODY_LIMIT = 8 * 1024;

export interface Exchange {
  id: number;
  at: string;
  direction: "in" | "out";
  /** What it was: `oauth`, `stk-push`, `stk-query`, `stk-callback`, `c2b-validation`… */
  kind: string;
  method: string;
  /** The path answered (`in`) or the URL posted to (`out`). */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status?: number;
  responseBody?: string;
  /** A network failure or timeout of an outgoing call. */
  error?: string;
  ms: number;
  /** The push or payment it belongs to (CheckoutRequestID or TransID), when there is one. */
  ref?: string;
}

const cut = (body: string) =>
  body.length > BODY_LIMIT ? `${body.slice(0, BODY_LIMIT)}… (${body.length} chars)` : body;

export class ExchangeLog {
  readonly #limit: number;
  #items: Exchange[] = [];
  #next = 1;

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  add(exchange: Omit<Exchange, "id" | "at">): Exchange {
    const stored: Exchange = {
      id: this.#next++,
      at: new Date().toISOString(),
      ...exchange,
      requestBody: cut(exchange.requestBody),
      responseBody: exchange.responseBody === undefined ? undefined : cut(exchange.responseBody),
    };
    this.#items.push(stored);
    if (this.#items.length > this.#limit) this.#items.splice(0, this.#items.length - this.#limit);
    return stored;
  }

  list(): Exchange[] {
    return [...this.#items];
  }

  clear(): void {
    this.#items = [];
  }
}

export interface Delivery {
  status?: number;
  body?: string;
  error?: string;
}

export const isDelivered = (delivery: Delivery) =>
  delivery.status !== undefined && delivery.status >= 200 && delivery.status < 300;

/** POSTs `payload` as JSON to `url` and logs the exchange; never throws. */
export async function postJson(
  log: ExchangeLog,
  options: {
    url: string;
    payload: unknown;
    kind: string;
    ref?: string;
    headers: Record<string, string>;
    timeoutMs: number;
    signal?: AbortSignal;
  },
): Promise<Delivery> {
  const requestBody = JSON.stringify(options.payload);
  const requestHeaders = {
    "Content-Type": "application/json",
    "User-Agent": "Daraja-stand-in",
    ...options.headers,
  };
  const started = performance.now();
  let delivery: Delivery;
  try {
    const response = await fetch(options.url, {
      method: "POST",
      headers: requestHeaders,
      body: requestBody,
      redirect: "manual",
      signal: AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs),
        ...(options.signal ? [options.signal] : []),
      ]),
    });
    delivery = { status: response.status, body: await response.text() };
  } catch (error) {
    delivery = { error: error instanceof Error ? error.message : String(error) };
  }
  log.add({
    direction: "out",
    kind: options.kind,
    method: "POST",
    url: options.url,
    requestHeaders,
    requestBody,
    status: delivery.status,
    responseBody: delivery.body,
    error: delivery.error,
    ms: Math.round(performance.now() - started),
    ref: options.ref,
  });
  return delivery;
}
