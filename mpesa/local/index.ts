/**
 * A local stand-in of Safaricom's Daraja API (M-Pesa) for development and tests: OAuth, STK push
 * and query, C2B register and simulate, Transaction Status, and the callbacks, with the shapes, codes and quirks of
 * the Daraja wire contract (README.md); a phone page for people and a test API for tests.
 */
import type { AddressInfo } from "node:net";
import { type ApiParts, Tokens } from "./api.ts";
import { C2b, type C2bPayment, type StoredRegistration } from "./c2b.ts";
import type { PaybillInput, StandInCore } from "./core.ts";
import { payByPaybill } from "./core.ts";
import { type Exchange, ExchangeLog } from "./exchanges.ts";
import { createStandInServer } from "./http.ts";
import { localRefusal, ownOriginsOf } from "./local-guard.ts";
import { handlePhone } from "./phone-page.ts";
import {
  type DarajaStandInOptions,
  DEFAULT_SETTINGS,
  LOCAL_CONSUMER_KEY,
  LOCAL_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  type StandInContext,
  type StandInSettings,
} from "./settings.ts";
import { type StatusQuery, TransactionStatus } from "./status.ts";
import { type Push, type PushPlan, StkPushes } from "./stk.ts";
import { handleTestApi, TEST_API_PREFIX } from "./test-api.ts";
import type { ResultCode } from "./wire.ts";

export type { C2bPayment, StoredRegistration } from "./c2b.ts";
export type { Registration } from "./checks.ts";
export type { Exchange } from "./exchanges.ts";
export type { DarajaStandInOptions, StandInSettings } from "./settings.ts";
export {
  LOCAL_CONSUMER_KEY,
  LOCAL_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
} from "./settings.ts";
export type { StatusAnswer, StatusQuery } from "./status.ts";
export { QUEUE_TIMEOUT, STATUS_ANSWERS, UNKNOWN_RECEIPT } from "./status.ts";
export type { CallbackMode, Push, PushPlan } from "./stk.ts";
export { CALLBACK_MODES } from "./stk.ts";
export type { ResultCode } from "./wire.ts";
export { RESULT_CODES, RESULT_DESCS, SAFARICOM_ADDRESSES } from "./wire.ts";

export interface DarajaStandIn {
  /** The base URL to give a Daraja client (MPESA_BASE_URL). */
  url: string;
  /** The phone page. */
  phoneUrl: string;
  /** The test API's prefix (`<url>/__standin`). */
  testApiUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The first merchant's shortcode and passkey (MPESA_SHORTCODE / MPESA_PASSKEY). */
  shortcode: string;
  passkey: string;
  /** The same operations as the test API, in-process. */
  next(phone: string, plan: PushPlan): void;
  resolve(checkoutRequestId: string, resultCode: ResultCode): Push;
  pushes(): Push[];
  payments(): C2bPayment[];
  registrations(): StoredRegistration[];
  /** Transaction Status queries, newest first. */
  statuses(): StatusQuery[];
  exchanges(): Exchange[];
  /** A Paybill payment (C2B simulate); `done` settles once validation/confirmation went out. */
  payBill(input: PaybillInput): { payment: C2bPayment; done: Promise<void> };
  settings(patch?: Partial<StandInSettings>): StandInSettings;
  reset(): void;
  close(): Promise<void>;
}

function contextOf(options: DarajaStandInOptions, abort: AbortController): StandInContext {
  return {
    settings: {
      ...DEFAULT_SETTINGS,
      ...options.settings,
      callbackHeaders: {
        ...(options.settings?.callbackHeaders ?? DEFAULT_SETTINGS.callbackHeaders),
      },
      retryDelaysMs: [...(options.settings?.retryDelaysMs ?? DEFAULT_SETTINGS.retryDelaysMs)],
    },
    exchanges: new ExchangeLog(options.exchangeLimit ?? 500),
    customer: options.customer ?? { firstName: "JOHN", middleName: "", lastName: "DOE" },
    log: options.log ?? (() => {}),
    signal: abort.signal,
  };
}

/** Starts the stand-in on `options.port` (0: any free port) and resolves once it listens. */
export async function startDarajaStandIn(
  options: DarajaStandInOptions = {},
): Promise<DarajaStandIn> {
  const abort = new AbortController();
  const ctx = contextOf(options, abort);
  const merchants = new Map(
    Object.entries(options.merchants ?? { [SANDBOX_SHORTCODE]: SANDBOX_PASSKEY }),
  );
  const [shortcode, passkey] = [...merchants][0] ?? [SANDBOX_SHORTCODE, SANDBOX_PASSKEY];
  const stk = new StkPushes(ctx);
  const c2b = new C2b(ctx, options.c2bUrls ?? []);
  const core: StandInCore = {
    ctx,
    stk,
    c2b,
    status: new TransactionStatus(ctx, stk, c2b),
    paybill: shortcode,
  };
  const api: ApiParts = {
    tokens: new Tokens(options.tokenTtlMs ?? 3_600_000),
    stk: core.stk,
    c2b: core.c2b,
    status: core.status,
    consumerKey: options.consumerKey ?? LOCAL_CONSUMER_KEY,
    consumerSecret: options.consumerSecret ?? LOCAL_CONSUMER_SECRET,
    merchants,
    c2bVersion: options.c2bVersion,
  };
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  let origins = new Set<string>();
  const server = createStandInServer({
    basePath,
    exchanges: ctx.exchanges,
    api,
    async local(request) {
      const isPage = request.path.startsWith("/phone");
      if (!isPage && !request.path.startsWith(`${TEST_API_PREFIX}/`) && request.path !== "/") {
        return undefined;
      }
      const refused = localRefusal(request, origins, isPage || request.path === "/");
      if (refused) return refused;
      if (request.path === "/") {
        return { status: 302, headers: { Location: `${basePath}/phone` }, body: "" };
      }
      return isPage ? handlePhone(request, core, basePath) : handleTestApi(request, core);
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  origins = ownOriginsOf(origin);
  const url = `${origin}${basePath}`;
  let closed: Promise<void> | undefined;
  return {
    url,
    phoneUrl: `${url}/phone`,
    testApiUrl: `${url}${TEST_API_PREFIX}`,
    consumerKey: api.consumerKey,
    consumerSecret: api.consumerSecret,
    shortcode,
    passkey,
    next: (phone, plan) => core.stk.choose(phone, plan),
    resolve: (id, code) => core.stk.resolve(id, code, "test"),
    pushes: () => core.stk.list(),
    payments: () => core.c2b.payments(),
    registrations: () => core.c2b.registrations(),
    statuses: () => core.status.list(),
    exchanges: () => ctx.exchanges.list(),
    payBill: (input) => payByPaybill(core, input),
    settings: (patch) => Object.assign(ctx.settings, patch),
    reset() {
      core.stk.reset();
      core.c2b.reset();
      core.status.reset();
      ctx.exchanges.clear();
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        abort.abort();
        core.stk.reset();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
