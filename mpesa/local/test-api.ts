/**
 * The test API under `/__standin/` (JSON): choose the next push's outcome for a phone, resolve a
 * push, pay a Paybill, read pushes, payments, status queries and exchanges, change settings, reset. POSTs need
 * `Content-Type: application/json` (a cross-site form cannot send it without a preflight, which
 * is never answered).
 */
import { type PaybillInput, payByPaybill, type StandInCore } from "./core.ts";
import type { Incoming, Outgoing } from "./http.ts";
import { DEFAULT_SETTINGS, type StandInSettings } from "./settings.ts";
import { STATUS_ANSWERS } from "./status.ts";
import { CALLBACK_MODES, type PushPlan } from "./stk.ts";
import { DarajaError, isResultCode } from "./wire.ts";

export const TEST_API_PREFIX = "/__standin";

const reply = (status: number, value: unknown): Outgoing => ({
  status,
  headers: { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" },
  body: value === undefined ? "" : JSON.stringify(value),
});

class BadInput extends Error {}

const need = (ok: boolean, message: string) => {
  if (!ok) throw new BadInput(message);
};
const isDelay = (value: unknown) =>
  value === undefined || (Number.isInteger(value) && (value as number) >= 0);

function planOf(body: Record<string, unknown>): { phone: string; plan: PushPlan } {
  const { phone, resultCode, delayMs, mode, balance } = body;
  need(
    typeof phone === "string" && /^254[17]\d{8}$/.test(phone),
    "phone: 2547XXXXXXXX or 2541XXXXXXXX",
  );
  need(
    resultCode === undefined || resultCode === "none" || isResultCode(resultCode),
    'resultCode: 0, 1, 1019, 1025, 1032, 1037, 2001 or "none"',
  );
  need(isDelay(delayMs), "delayMs: an integer ≥ 0");
  need(
    mode === undefined || CALLBACK_MODES.includes(mode as never),
    `mode: one of ${CALLBACK_MODES.join(", ")}`,
  );
  need(balance === undefined || typeof balance === "boolean", "balance: true or false");
  return { phone: phone as string, plan: { resultCode, delayMs, mode, balance } as PushPlan };
}

function settingsOf(body: Record<string, unknown>): Partial<StandInSettings> {
  const known = Object.keys(DEFAULT_SETTINGS);
  for (const [key, value] of Object.entries(body)) {
    need(known.includes(key), `unknown setting ${key} (known: ${known.join(", ")})`);
    const expected = DEFAULT_SETTINGS[key as keyof StandInSettings];
    if (key === "promptTimeoutCode")
      need(value === 1037 || value === 1019, "promptTimeoutCode: 1037 or 1019");
    else if (key === "retryDelaysMs")
      need(Array.isArray(value) && value.every((v) => isDelay(v)), `${key}: integers ≥ 0`);
    else if (key === "callbackHeaders")
      need(
        !!value &&
          typeof value === "object" &&
          Object.values(value).every((v) => typeof v === "string"),
        "callbackHeaders: an object of strings",
      );
    else if (key === "statusAnswer")
      need(
        STATUS_ANSWERS.includes(value as never),
        `statusAnswer: one of ${STATUS_ANSWERS.join(", ")}`,
      );
    else if (typeof expected === "number") need(isDelay(value), `${key}: an integer ≥ 0`);
    else need(typeof value === typeof expected, `${key}: a ${typeof expected}`);
  }
  return body as Partial<StandInSettings>;
}

type Action = (core: StandInCore, body: Record<string, unknown>) => Outgoing | Promise<Outgoing>;

const POSTS: Record<string, Action> = {
  "/next": (core, body) => {
    const { phone, plan } = planOf(body);
    core.stk.choose(phone, plan);
    return reply(200, { phone, plan });
  },
  "/resolve": (core, body) => {
    need(typeof body.checkoutRequestId === "string", "checkoutRequestId: a string");
    need(isResultCode(body.resultCode), "resultCode: 0, 1, 1019, 1025, 1032, 1037 or 2001");
    const push = core.stk.get(body.checkoutRequestId as string);
    if (!push) return reply(404, { message: "No such push" });
    if (push.status !== "pending") return reply(409, { message: "The push is already resolved" });
    return reply(200, core.stk.resolve(push.checkoutRequestId, body.resultCode as never, "test"));
  },
  "/paybill": async (core, body) => {
    const input = body as unknown as PaybillInput;
    for (const key of ["paybill", "account", "phone"] as const)
      need(typeof input[key] === "string", `${key}: a string`);
    const { payment, done } = payByPaybill(core, input);
    // `wait: true` answers once validation and confirmation have gone out.
    if (body.wait === true) await done;
    return reply(200, payment);
  },
  "/settings": (core, body) => {
    Object.assign(core.ctx.settings, settingsOf(body));
    return reply(200, core.ctx.settings);
  },
  "/reset": (core) => {
    core.stk.reset();
    core.c2b.reset();
    core.status.reset();
    core.ctx.exchanges.clear();
    return reply(204, undefined);
  },
};

const GETS: Record<string, (core: StandInCore) => unknown> = {
  "/pushes": (core) => core.stk.list(),
  "/plans": (core) => core.stk.plans(),
  "/payments": (core) => core.c2b.payments(),
  "/registrations": (core) => core.c2b.registrations(),
  "/statuses": (core) => core.status.list(),
  "/exchanges": (core) => core.ctx.exchanges.list(),
  "/settings": (core) => core.ctx.settings,
};

/** Answers a `/__standin/…` path; undefined for other paths. */
export async function handleTestApi(
  request: Incoming,
  core: StandInCore,
): Promise<Outgoing | undefined> {
  if (!request.path.startsWith(`${TEST_API_PREFIX}/`)) return undefined;
  const name = request.path.slice(TEST_API_PREFIX.length);
  if (request.method === "GET" && GETS[name]) return reply(200, GETS[name](core));
  const action = POSTS[name];
  if (request.method !== "POST" || !action) return reply(404, { message: "No such test API call" });
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
    return reply(415, { message: "Send Content-Type: application/json" });
  }
  let body: Record<string, unknown>;
  try {
    body = request.body.trim() === "" ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    need(!!body && typeof body === "object" && !Array.isArray(body), "a JSON object");
  } catch (error) {
    return reply(400, { message: error instanceof BadInput ? error.message : "Invalid JSON" });
  }
  try {
    return await action(core, body);
  } catch (error) {
    if (error instanceof BadInput || error instanceof DarajaError) {
      return reply(400, { message: error.message });
    }
    throw error;
  }
}
