/**
 * The Daraja API paths the stand-in answers: OAuth, STK push and query, C2B register and
 * simulate (v1 and v2), Transaction Status, with Daraja's checks in Daraja's order: authentication, then the body.
 */
import { timingSafeEqual } from "node:crypto";
import type { C2b, C2bVersion } from "./c2b.ts";
import {
  jsonBody,
  pushRequestOf,
  queryRequestOf,
  registrationOf,
  simulationOf,
  statusRequestOf,
} from "./checks.ts";
import type { Incoming, Outgoing } from "./http.ts";
import type { TransactionStatus } from "./status.ts";
import type { StkPushes } from "./stk.ts";
import { accessToken, DarajaError, ERRORS } from "./wire.ts";

const TOKENS_KEPT = 1_000;

/** Issued access tokens and when each expires. */
export class Tokens {
  readonly #ttlMs: number;
  readonly #tokens = new Map<string, number>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  issue() {
    const now = Date.now();
    for (const [token, expires] of this.#tokens) if (expires <= now) this.#tokens.delete(token);
    while (this.#tokens.size >= TOKENS_KEPT) {
      this.#tokens.delete(this.#tokens.keys().next().value!);
    }
    const token = accessToken();
    this.#tokens.set(token, now + this.#ttlMs);
    // 3 600 000 ms → "3599", as Daraja says it (a string).
    return {
      access_token: token,
      expires_in: String(Math.max(0, Math.ceil(this.#ttlMs / 1000) - 1)),
    };
  }

  valid(token: string): boolean {
    const expires = this.#tokens.get(token);
    return expires !== undefined && expires > Date.now();
  }
}

export interface ApiParts {
  tokens: Tokens;
  stk: StkPushes;
  c2b: C2b;
  status: TransactionStatus;
  consumerKey: string;
  consumerSecret: string;
  merchants: ReadonlyMap<string, string>;
  c2bVersion: C2bVersion | undefined;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function oauth(request: Incoming, parts: ApiParts): Outgoing {
  if (request.query.get("grant_type") !== "client_credentials") throw ERRORS.grantType();
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? "");
  if (!match) throw ERRORS.notBasic();
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const key = decoded.slice(0, Math.max(colon, 0));
  const secret = decoded.slice(colon + 1);
  if (colon < 0 || !same(key, parts.consumerKey) || !same(secret, parts.consumerSecret)) {
    throw ERRORS.notBasic();
  }
  return json(200, parts.tokens.issue());
}

function bearer(request: Incoming, parts: ApiParts): void {
  const header = request.headers.authorization;
  if (!header) throw ERRORS.noAuthHeader();
  const match = /^Bearer\s+(\S+)$/.exec(header);
  if (!match || !parts.tokens.valid(match[1]!)) throw ERRORS.badToken();
}

function c2bVersionOf(path: string, parts: ApiParts): C2bVersion {
  const version: C2bVersion = path.includes("/v1/") ? "v1" : "v2";
  if (parts.c2bVersion && parts.c2bVersion !== version) throw ERRORS.wrongProduct();
  return version;
}

type Handler = (request: Incoming, parts: ApiParts) => Outgoing | Promise<Outgoing>;

/** The body as Daraja reads it (Content-Type, then JSON). */
const body = (request: Incoming) => jsonBody(request.headers["content-type"], request.body);

const ROUTES: Record<string, { method: "GET" | "POST"; kind: string; handler: Handler }> = {
  "/oauth/v1/generate": { method: "GET", kind: "oauth", handler: oauth },
  "/mpesa/stkpush/v1/processrequest": {
    method: "POST",
    kind: "stk-push",
    handler: async (request, parts) => {
      const push = await parts.stk.accept(pushRequestOf(body(request), parts.merchants));
      return json(200, {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      });
    },
  },
  "/mpesa/stkpushquery/v1/query": {
    method: "POST",
    kind: "stk-query",
    handler: (request, parts) =>
      json(200, parts.stk.query(queryRequestOf(body(request), parts.merchants))),
  },
  "/mpesa/transactionstatus/v1/query": {
    method: "POST",
    kind: "transaction-status",
    handler: (request, parts) => json(200, parts.status.query(statusRequestOf(body(request)))),
  },
  ...Object.fromEntries(
    ["v1", "v2"].flatMap((version) => [
      [
        `/mpesa/c2b/${version}/registerurl`,
        {
          method: "POST",
          kind: "c2b-register",
          handler: (request: Incoming, parts: ApiParts) => {
            const v = c2bVersionOf(request.path, parts);
            return json(200, parts.c2b.register(registrationOf(body(request)), v));
          },
        },
      ],
      [
        `/mpesa/c2b/${version}/simulate`,
        {
          method: "POST",
          kind: "c2b-simulate",
          handler: (request: Incoming, parts: ApiParts) => {
            const v = c2bVersionOf(request.path, parts);
            return json(200, parts.c2b.simulate(simulationOf(body(request)), v).response);
          },
        },
      ],
    ]),
  ),
};

export const json = (status: number, value: unknown): Outgoing => ({
  status,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(value),
});

const errorAnswer = (error: DarajaError) => json(error.status, error.body());

/** True for paths under Daraja's API prefixes (answered with Daraja's envelopes). */
export const isApiPath = (path: string) => path.startsWith("/oauth/") || path.startsWith("/mpesa/");

/** The kind of exchange a path is, for the log. */
export const apiKind = (path: string) => ROUTES[path]?.kind ?? "unknown";

/** Answers an API path: the route's handler, or Daraja's 404/405/error envelope. */
export async function handleApi(request: Incoming, parts: ApiParts): Promise<Outgoing> {
  const route = ROUTES[request.path];
  try {
    if (!route) throw ERRORS.notFound();
    if (route.method !== request.method) throw ERRORS.method();
    if (route.method === "POST") bearer(request, parts);
    return await route.handler(request, parts);
  } catch (error) {
    if (error instanceof DarajaError) return errorAnswer(error);
    throw error;
  }
}
