import { HttpResponse, http } from "msw";
import { type SetupServer, setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { StkPushInput } from "~/domain/payments/daraja/client.server";
import type { DarajaConfig } from "~/domain/payments/daraja/config.server";
import { SANDBOX_PASSKEY } from "~/infra/mpesa-env";

/**
 * Daraja as its portal and integrators record it, served by MSW for the Daraja client's unit
 * tests (app/domain/payments/daraja/client*.test.ts): a token endpoint issuing `token-1`,
 * `token-2`, … and the endpoints a test answers for, with what each call sent recorded.
 */
export const BASE = "https://daraja.test";

export const CONFIG: DarajaConfig = {
  baseUrl: BASE,
  local: false,
  consumerKey: "key",
  consumerSecret: "secret",
  shortcode: "174379",
  passkey: SANDBOX_PASSKEY,
  transactionType: "CustomerPayBillOnline",
  partyB: "174379",
  paybill: "600984",
  c2bVersion: "v2",
  stkCallbackUrl: "https://site.test/hooks/mpesa/s3cret",
  c2bCallbackUrl: "https://site.test/hooks/mpesac2b/s3cret2",
  initiator: "testapi",
  securityCredential: "c2VjcmV0",
  statusResultUrl: "https://site.test/hooks/mpesastatus/s3cret3",
};

export const PUSH: StkPushInput = {
  phone: "254708374149",
  amountCents: 1500,
  accountReference: "JD-2026-0001",
  description: "Invoice",
};

export const ACCEPTED = {
  MerchantRequestID: "2654-4b64-97ff-b827b542881d3130",
  CheckoutRequestID: "ws_CO_1007202409152617172396192",
  ResponseCode: "0",
  ResponseDescription: "Success. Request accepted for processing",
  CustomerMessage: "Success. Request accepted for processing",
};

/** Daraja's error envelope, with the status its code starts with. */
export const envelope = (status: number, errorCode: string, errorMessage: string) =>
  HttpResponse.json({ requestId: "11259-2330641-1", errorCode, errorMessage }, { status });

export interface Call {
  auth: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}
type Answer = (call: Call & { token: string }) => Response | Promise<Response>;

export interface FakeDaraja {
  server: SetupServer;
  /** Tokens issued so far. */
  readonly tokensIssued: number;
  /** The token requests' Authorization headers. */
  tokenAuth: string[];
  /** What each POST to a path sent. */
  calls(path: string): Call[];
  /** Answers the token requests (default: a new token, `expires_in: "3599"`). */
  answerToken(answer: () => Response | Promise<Response>): void;
  /** Answers the POSTs to `path` (default: the push's acceptance for the push path, else 404). */
  answer(path: string, answer: Answer): void;
  /** A new token: `token-<n>`, with `expires_in` as given. */
  issue(expiresIn?: string | number): Response;
}

export const PUSH_PATH = "/mpesa/stkpush/v1/processrequest";
export const QUERY_PATH = "/mpesa/stkpushquery/v1/query";

/** Starts a fake Daraja for the calling test file, reset before each test. */
export function fakeDaraja(): FakeDaraja {
  let issued = 0;
  let tokenAnswer: () => Response | Promise<Response>;
  const answers = new Map<string, Answer>();
  const recorded = new Map<string, Call[]>();
  const tokenAuth: string[] = [];
  const issue = (expiresIn: string | number = "3599") => {
    issued += 1;
    return HttpResponse.json({ access_token: `token-${issued}`, expires_in: expiresIn });
  };
  const server = setupServer(
    http.get(`${BASE}/oauth/v1/generate`, ({ request }) => {
      tokenAuth.push(request.headers.get("authorization") ?? "");
      if (new URL(request.url).searchParams.get("grant_type") !== "client_credentials") {
        return envelope(400, "400.008.02", "Invalid grant type passed");
      }
      return tokenAnswer();
    }),
    http.post(`${BASE}/*`, async ({ request }) => {
      const path = new URL(request.url).pathname;
      const auth = request.headers.get("authorization");
      const call = {
        auth,
        contentType: request.headers.get("content-type"),
        body: (await request.json()) as Record<string, unknown>,
      };
      recorded.set(path, [...(recorded.get(path) ?? []), call]);
      const answer = answers.get(path);
      if (!answer) return envelope(404, "404.001.01", "Resource not found");
      return answer({ ...call, token: auth?.replace(/^Bearer /, "") ?? "" });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  beforeEach(() => {
    issued = 0;
    tokenAuth.length = 0;
    recorded.clear();
    answers.clear();
    answers.set(PUSH_PATH, () => HttpResponse.json(ACCEPTED));
    tokenAnswer = () => issue();
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => server.close());
  return {
    server,
    get tokensIssued() {
      return issued;
    },
    tokenAuth,
    calls: (path) => recorded.get(path) ?? [],
    answerToken(answer) {
      tokenAnswer = answer;
    },
    answer(path, answer) {
      answers.set(path, answer);
    },
    issue,
  };
}
