/**
 * M-Pesa Express (STK push) in the stand-in: pushes, their outcomes, the callback in its exact
 * shape and the query's answers (README.md, "Outcomes and callbacks").
 */
import type { PushRequest } from "./checks.ts";
import { isDelivered } from "./exchanges.ts";
import { pause, postCallback, type StandInContext } from "./settings.ts";
import {
  checkoutRequestId,
  DarajaError,
  darajaTimestamp,
  ERRORS,
  invalid,
  merchantRequestId,
  RESULT_DESCS,
  type ResultCode,
  receiptNumber,
} from "./wire.ts";

export const CALLBACK_MODES = [
  "normal",
  "duplicate",
  "late",
  "before-response",
  "none",
  "retry",
] as const;
export type CallbackMode = (typeof CALLBACK_MODES)[number];

/**
 * How the next push to a phone goes. `resultCode` undefined: the push waits for the phone page
 * (or the prompt timeout); `"none"`: it stays pending, with no callback, until resolved or reset.
 */
export interface PushPlan {
  resultCode?: ResultCode | "none";
  /** After how long the chosen result happens (default 0). */
  delayMs?: number;
  mode?: CallbackMode;
  /** Overrides the `balanceItem` setting for this push. */
  balance?: boolean;
}

export interface Push {
  merchantRequestId: string;
  checkoutRequestId: string;
  request: PushRequest;
  createdAt: string;
  plan: PushPlan;
  status: "pending" | "resolved";
  resultCode?: ResultCode;
  resultDesc?: string;
  /** Who decided: a test, the phone page, or the prompt's timeout. */
  resolvedBy?: "test" | "phone" | "timeout";
  resolvedAt?: string;
  receipt?: string;
  transactionDate?: string;
  /** Callback posts made and whether one got a 2xx. */
  callbacks: { attempts: number; delivered: boolean };
}

const KEPT = 500;

export class StkPushes {
  readonly #ctx: StandInContext;
  readonly #pushes = new Map<string, Push>();
  readonly #plans = new Map<string, PushPlan>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(ctx: StandInContext) {
    this.#ctx = ctx;
  }

  /** The next push to `phone` goes as `plan` (once). */
  choose(phone: string, plan: PushPlan): void {
    this.#plans.set(phone, plan);
  }

  plans(): Record<string, PushPlan> {
    return Object.fromEntries(this.#plans);
  }

  list(): Push[] {
    return [...this.#pushes.values()].reverse();
  }

  get(id: string): Push | undefined {
    return this.#pushes.get(id);
  }

  /**
   * Accepts a checked push: the phone must be free (500.001.1001 otherwise). Resolves once the
   * HTTP answer may go out — after the callback for mode `before-response`.
   */
  async accept(request: PushRequest): Promise<Push> {
    for (const push of this.#pushes.values()) {
      if (push.status === "pending" && push.request.phone === request.phone) throw ERRORS.busy();
    }
    const plan = this.#plans.get(request.phone) ?? {};
    this.#plans.delete(request.phone);
    const push: Push = {
      merchantRequestId: merchantRequestId(),
      checkoutRequestId: checkoutRequestId(request.phone),
      request,
      createdAt: new Date().toISOString(),
      plan,
      status: "pending",
      callbacks: { attempts: 0, delivered: false },
    };
    this.#pushes.set(push.checkoutRequestId, push);
    this.#forgetOld();
    this.#ctx.log(
      `STK push ${push.checkoutRequestId}: KES ${request.amount} from ${request.phone}, account ${request.accountReference}`,
    );
    const code = plan.resultCode;
    if (plan.mode === "before-response") {
      await this.#settle(push, code === undefined || code === "none" ? 0 : code, "test");
    } else if (code !== undefined && code !== "none") {
      this.#schedule(push, plan.delayMs ?? 0, () => void this.#settle(push, code, "test"));
    } else if (code === undefined) {
      const { promptTimeoutMs, promptTimeoutCode } = this.#ctx.settings;
      this.#schedule(push, promptTimeoutMs, () => {
        void this.#settle(push, promptTimeoutCode, "timeout");
      });
    }
    return push;
  }

  /** Resolves a pending push (the phone page's buttons, the test API). */
  resolve(id: string, code: ResultCode, by: "test" | "phone"): Push {
    const push = this.#pushes.get(id);
    if (!push) throw invalid("CheckoutRequestID");
    if (push.status !== "pending") throw new DarajaError("409.000.01", "Already resolved");
    void this.#settle(push, code, by);
    return push;
  }

  /** The STK Push Query's answer: pending → 500.001.1001, then the result (string ResultCode). */
  query(id: string) {
    const push = this.#pushes.get(id);
    if (!push) throw invalid("CheckoutRequestID");
    if (push.status === "pending") throw ERRORS.processing(id);
    return {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successfully",
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(push.resultCode),
      ResultDesc: push.resultDesc,
    };
  }

  reset(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#pushes.clear();
    this.#plans.clear();
  }

  #schedule(push: Push, ms: number, run: () => void) {
    this.#timers.set(
      push.checkoutRequestId,
      setTimeout(() => {
        this.#timers.delete(push.checkoutRequestId);
        run();
      }, ms),
    );
  }

  #forgetOld() {
    if (this.#pushes.size <= KEPT) return;
    for (const [id, push] of this.#pushes) {
      if (this.#pushes.size <= KEPT) break;
      if (push.status === "resolved") this.#pushes.delete(id);
    }
  }

  async #settle(push: Push, code: ResultCode, by: Push["resolvedBy"]): Promise<void> {
    if (push.status !== "pending") return;
    clearTimeout(this.#timers.get(push.checkoutRequestId));
    this.#timers.delete(push.checkoutRequestId);
    const now = Date.now();
    Object.assign(push, {
      status: "resolved",
      resultCode: code,
      resultDesc: RESULT_DESCS[code],
      resolvedBy: by,
      resolvedAt: new Date(now).toISOString(),
      transactionDate: darajaTimestamp(now),
      receipt: code === 0 ? receiptNumber(now) : undefined,
    });
    this.#ctx.log(
      `STK push ${push.checkoutRequestId}: ${code} ${push.resultDesc}${push.receipt ? ` (${push.receipt})` : ""}`,
    );
    await this.#sendCallbacks(push);
  }

  /** Posts the callback as the push's mode says. */
  async #sendCallbacks(push: Push): Promise<void> {
    const mode = push.plan.mode ?? "normal";
    if (mode === "none") return;
    if (mode === "late" && !(await pause(this.#ctx, this.#ctx.settings.lateMs))) return;
    const send = async () => {
      push.callbacks.attempts++;
      const delivery = await postCallback(this.#ctx, {
        url: push.request.callbackUrl,
        payload: this.callbackOf(push),
        kind: "stk-callback",
        ref: push.checkoutRequestId,
      });
      if (isDelivered(delivery)) push.callbacks.delivered = true;
      return isDelivered(delivery);
    };
    const delivered = await send();
    if (mode === "duplicate") {
      if (await pause(this.#ctx, this.#ctx.settings.duplicateGapMs)) await send();
    } else if (mode === "retry" && !delivered) {
      for (const wait of this.#ctx.settings.retryDelaysMs) {
        if (!(await pause(this.#ctx, wait)) || (await send())) break;
      }
    }
  }

  /** The callback body, exactly as Daraja posts it. */
  callbackOf(push: Push) {
    const code = push.resultCode ?? 0;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: code,
      ResultDesc: push.resultDesc,
    };
    if (code === 0) {
      const balance = push.plan.balance ?? this.#ctx.settings.balanceItem;
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: "Amount", Value: push.request.amount },
          { Name: "MpesaReceiptNumber", Value: push.receipt },
          ...(balance ? [{ Name: "Balance" }] : []),
          { Name: "TransactionDate", Value: Number(push.transactionDate) },
          { Name: "PhoneNumber", Value: Number(push.request.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }
}
