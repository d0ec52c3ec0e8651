/**
 * Transaction Status in the stand-in (README.md, "Transaction Status"): the query's synchronous
 * answer, then the Result posted to its ResultURL — the payment's details for a receipt the
 * stand-in knows (its C2B payments and paid STK pushes), a failure for any other — or, as the
 * `statusAnswer` setting says, a post to its QueueTimeOutURL instead, or nothing.
 */
import type { C2b } from "./c2b.ts";
import type { StatusRequest } from "./checks.ts";
import { isDelivered } from "./exchanges.ts";
import { pause, postCallback, type StandInContext } from "./settings.ts";
import type { StkPushes } from "./stk.ts";
import { conversationId, darajaTimestamp, originatorConversationId } from "./wire.ts";

/** What happens after a query's answer (the `statusAnswer` setting). */
export const STATUS_ANSWERS = ["result", "timeout", "none"] as const;
export type StatusAnswer = (typeof STATUS_ANSWERS)[number];

/** The stand-in's choice for a receipt it does not know (Daraja documents no such code). */
export const UNKNOWN_RECEIPT = {
  code: "R000001",
  desc: "The transaction receipt number does not exist.",
};
/** The stand-in's choice for a QueueTimeOutURL post (its body is undocumented). */
export const QUEUE_TIMEOUT = {
  code: "SVC0001",
  desc: "The service request timed out in the queue.",
};
export const SUCCESS_DESC = "The service request is processed successfully.";

export interface StatusQuery {
  originatorConversationId: string;
  conversationId: string;
  request: StatusRequest;
  createdAt: string;
  answer: StatusAnswer;
  /** Whether the transaction was found (a paid STK push or a C2B payment to PartyA). */
  found: boolean;
  /** The post went out and got a 2xx (undefined while pending or with `none`). */
  delivered?: boolean;
}

/** A transaction the stand-in knows, as Transaction Status reports it. */
interface Known {
  receipt: string;
  amount: number;
  msisdn: string;
  at: string;
}

const KEPT = 500;

export class TransactionStatus {
  readonly #ctx: StandInContext;
  readonly #stk: StkPushes;
  readonly #c2b: C2b;
  #queries: StatusQuery[] = [];

  constructor(ctx: StandInContext, stk: StkPushes, c2b: C2b) {
    this.#ctx = ctx;
    this.#stk = stk;
    this.#c2b = c2b;
  }

  list(): StatusQuery[] {
    return [...this.#queries].reverse();
  }

  reset(): void {
    this.#queries = [];
  }

  /** Answers at once; the Result (or timeout) is posted afterwards, as Daraja does. */
  query(request: StatusRequest) {
    const known = this.#find(request);
    const query: StatusQuery = {
      originatorConversationId: originatorConversationId(),
      conversationId: conversationId(),
      request,
      createdAt: new Date().toISOString(),
      answer: this.#ctx.settings.statusAnswer,
      found: known !== undefined,
    };
    this.#queries.push(query);
    if (this.#queries.length > KEPT) this.#queries.splice(0, this.#queries.length - KEPT);
    this.#ctx.log(
      `Transaction status ${query.conversationId}: ${request.transactionId} ${known ? "found" : "unknown"}, ${query.answer}`,
    );
    void this.#post(query, known);
    return {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    };
  }

  #find({ transactionId, partyA }: StatusRequest): Known | undefined {
    const payment = this.#c2b
      .payments()
      .find((p) => p.transId === transactionId && p.shortcode === partyA);
    // Validation refused it (or is still deciding): no money moved.
    if (payment && payment.status !== "rejected" && payment.status !== "pending") {
      const { amount, msisdn, createdAt } = payment;
      return { receipt: payment.transId, amount, msisdn, at: createdAt };
    }
    const push = this.#stk
      .list()
      .find((p) => p.receipt === transactionId && p.request.shortcode === partyA);
    if (!push?.receipt) return undefined;
    const at = push.resolvedAt ?? push.createdAt;
    return { receipt: push.receipt, amount: push.request.amount, msisdn: push.request.phone, at };
  }

  #body(query: StatusQuery, known: Known | undefined) {
    const { request } = query;
    const common = {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      TransactionID: request.transactionId,
    };
    const reference = { ReferenceItem: { Key: "Occasion", Value: request.occasion } };
    if (query.answer === "timeout" || !known) {
      const failure = query.answer === "timeout" ? QUEUE_TIMEOUT : UNKNOWN_RECEIPT;
      return {
        Result: {
          ResultType: 0,
          ResultCode: failure.code,
          ResultDesc: failure.desc,
          ...common,
          ReferenceData: reference,
        },
      };
    }
    const { firstName, lastName } = this.#ctx.customer;
    const name = [firstName, lastName].filter(Boolean).join(" ");
    const parameters: Record<string, unknown> = {
      ReceiptNo: known.receipt,
      Amount: known.amount,
      TransactionStatus: "Completed",
      DebitPartyName: `${known.msisdn} - ${name}`,
      CreditPartyName: `${request.partyA} - Stand-in Paybill`,
      FinalisedTime: Number(darajaTimestamp(Date.parse(known.at))),
    };
    return {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: SUCCESS_DESC,
        ...common,
        ResultParameters: {
          ResultParameter: Object.entries(parameters).map(([Key, Value]) => ({ Key, Value })),
        },
        ReferenceData: reference,
      },
    };
  }

  async #post(query: StatusQuery, known: Known | undefined): Promise<void> {
    if (query.answer === "none") return;
    // After the synchronous answer has gone out.
    if (!(await pause(this.#ctx, 0))) return;
    const delivery = await postCallback(this.#ctx, {
      url: query.answer === "timeout" ? query.request.queueTimeOutUrl : query.request.resultUrl,
      payload: this.#body(query, known),
      kind: query.answer === "timeout" ? "status-timeout" : "status-result",
      ref: query.request.transactionId,
    });
    query.delivered = isDelivered(delivery);
  }
}
