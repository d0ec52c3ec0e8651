import { MSISDN } from "~/lib/mpesa-phone";
import { wholeShillings } from "./amounts";
import {
  type CallOptions,
  createDarajaCaller,
  type NoAnswer,
  processTokenCache,
  type Refusal,
  refusal,
} from "./call.server";
import { darajaTimestamp, stkPassword } from "./clock";
import { type DarajaConfig, darajaConfig } from "./config.server";
import type { DarajaError } from "./http.server";
import { isRecord, textOf } from "./json";

/**
 * The site's Safaricom Daraja client (Daraja 3.0's wire format): M-Pesa Express pushes and their
 * queries, and the C2B URL registration. Every call has a deadline, reads a bounded answer and
 * returns a typed result — Daraja's odd answers (HTML, text, a huge body, an unknown envelope)
 * are results, never exceptions. A token Daraja calls invalid (404.001.03) is renewed and the
 * call made once more.
 */

export interface StkPushInput {
  /** `2547XXXXXXXX` / `2541XXXXXXXX` (app/lib/mpesa-phone.ts normalises what clients type). */
  phone: string;
  /** Integer cents; a whole number of shillings (Daraja takes no decimals), KES 1 to 250,000. */
  amountCents: number;
  /** Shown in the prompt (the invoice number): 1 to 12 characters. */
  accountReference: string;
  /** TransactionDesc: 1 to 13 characters. */
  description: string;
}

/** A push Daraja did not take, by what refused it (nothing was sent to the phone). */
export type PushRefusal = Refusal;
/** No usable answer: the prompt may or may not have been sent (query later, do not resend). */
export type { NoAnswer };

export type StkPushResult =
  | {
      kind: "accepted";
      merchantRequestId: string;
      checkoutRequestId: string;
      customerMessage: string;
    }
  /** The phone has a transaction in progress (500.001.1001 "Unable to lock subscriber"). */
  | ({ kind: "busy" } & DarajaError)
  | PushRefusal
  | NoAnswer
  /** The input breaks a rule of the contract: nothing was sent. */
  | { kind: "invalid"; field: keyof StkPushInput; message: string }
  /** No callback URL (HOOK_MPESA_SECRET unset): nothing was sent. */
  | { kind: "unconfigured"; message: string };

export type StkQueryResult =
  /** "The transaction is being processed": the client has not answered the prompt yet. */
  | { kind: "pending" }
  /** ResultCode always as text ("0", "1032", "SFC_IC0003"): see outcomes.ts. */
  | { kind: "final"; resultCode: string; resultDesc: string; merchantRequestId?: string }
  /** Daraja answered without a result (an unknown CheckoutRequestID, a refused token, …). */
  | ({ kind: "unknown" } & DarajaError)
  | NoAnswer;

export type C2bRegisterResult =
  | { kind: "registered"; responseDescription: string }
  /** 500.003.1001 "Urls are already registered" (production registers once). */
  | ({ kind: "already-registered" } & DarajaError)
  | PushRefusal
  | NoAnswer
  | { kind: "unconfigured"; message: string };

export interface DarajaClient {
  stkPush(input: StkPushInput): Promise<StkPushResult>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  registerC2bUrls(): Promise<C2bRegisterResult>;
}

/** Deadline of each HTTP exchange (token, push, query, registration; default 10 s) and the clock. */
export type ClientOptions = CallOptions;

const BUSY = /unable to lock subscriber|already in process/i;
const BEING_PROCESSED = /being processed/i;
/** What Daraja shows in the prompt and records: printable ASCII only. */
const PRINTABLE = /^[\x20-\x7e]+$/;

export function createDarajaClient(
  config: DarajaConfig,
  options: ClientOptions = {},
): DarajaClient {
  const now = options.now ?? Date.now;
  const { call } = createDarajaCaller(config, options);

  function passwordFields() {
    const timestamp = darajaTimestamp(new Date(now()));
    return {
      BusinessShortCode: config.shortcode,
      Password: stkPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    async stkPush(input) {
      const invalid = checkPush(input);
      if (invalid) return invalid;
      if (!config.stkCallbackUrl) {
        return {
          kind: "unconfigured",
          message: "HOOK_MPESA_SECRET is not set: Daraja would have no callback URL",
        };
      }
      const reply = await call("/mpesa/stkpush/v1/processrequest", {
        ...passwordFields(),
        TransactionType: config.transactionType,
        Amount: String(wholeShillings(input.amountCents)),
        PartyA: input.phone,
        PartyB: config.partyB,
        PhoneNumber: input.phone,
        CallBackURL: config.stkCallbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.description,
      });
      if (reply.kind !== "answer") return reply;
      const json = isRecord(reply.json) ? reply.json : {};
      const checkoutRequestId = textOf(json.CheckoutRequestID);
      const merchantRequestId = textOf(json.MerchantRequestID);
      const responseCode = textOf(json.ResponseCode, 32);
      if (reply.status < 300 && responseCode === "0" && checkoutRequestId && merchantRequestId) {
        const customerMessage =
          textOf(json.CustomerMessage, 500) ?? textOf(json.ResponseDescription, 500) ?? "";
        return { kind: "accepted", merchantRequestId, checkoutRequestId, customerMessage };
      }
      if (reply.status < 300 && responseCode && responseCode !== "0") {
        const errorMessage = textOf(json.ResponseDescription, 500) ?? "";
        return { kind: "rejected", errorCode: responseCode, errorMessage };
      }
      const refused = refusal(reply);
      if (refused.kind === "rejected" && BUSY.test(refused.errorMessage))
        return { ...refused, kind: "busy" };
      return refused;
    },

    async stkQuery(checkoutRequestId) {
      if (textOf(checkoutRequestId) !== checkoutRequestId) {
        return { kind: "unknown", errorCode: "invalid", errorMessage: "No CheckoutRequestID" };
      }
      const reply = await call("/mpesa/stkpushquery/v1/query", {
        ...passwordFields(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (reply.kind === "rejected") return { ...reply, kind: "unknown" };
      if (reply.kind !== "answer") return reply;
      const json = isRecord(reply.json) ? reply.json : {};
      const resultCode = textOf(json.ResultCode, 32);
      if (reply.status < 300 && resultCode) {
        const merchantRequestId = textOf(json.MerchantRequestID);
        const resultDesc = textOf(json.ResultDesc, 500) ?? "";
        return merchantRequestId
          ? { kind: "final", resultCode, resultDesc, merchantRequestId }
          : { kind: "final", resultCode, resultDesc };
      }
      const refused = refusal(reply);
      if (refused.kind === "unreachable") return refused;
      if (BEING_PROCESSED.test(refused.errorMessage)) return { kind: "pending" };
      return { ...refused, kind: "unknown" };
    },

    async registerC2bUrls() {
      if (!config.c2bCallbackUrl) {
        return {
          kind: "unconfigured",
          message: "HOOK_MPESAC2B_SECRET is not set: Daraja would have no confirmation URL",
        };
      }
      const reply = await call(`/mpesa/c2b/${config.c2bVersion}/registerurl`, {
        ShortCode: config.paybill,
        // Daraja wants a ValidationURL; it posts there only when Safaricom enables external
        // validation (off by default; keep it off: a validation shares the confirmation's TransID,
        // so the webhook lane would take the confirmation that follows for a duplicate).
        ResponseType: "Completed",
        ConfirmationURL: config.c2bCallbackUrl,
        ValidationURL: config.c2bCallbackUrl,
      });
      if (reply.kind !== "answer") return reply;
      const json = isRecord(reply.json) ? reply.json : {};
      if (reply.status < 300 && textOf(json.ResponseCode, 32) === "0") {
        return {
          kind: "registered",
          responseDescription: textOf(json.ResponseDescription, 500) ?? "",
        };
      }
      const refused = refusal(reply);
      if (refused.kind === "rejected" && /already registered/i.test(refused.errorMessage)) {
        return { ...refused, kind: "already-registered" };
      }
      return refused;
    },
  };
}

/** The first rule of the contract `input` breaks, or undefined. */
export function checkPush(
  input: StkPushInput,
): Extract<StkPushResult, { kind: "invalid" }> | undefined {
  const invalid = (field: keyof StkPushInput, message: string) => ({
    kind: "invalid" as const,
    field,
    message,
  });
  if (typeof input.phone !== "string" || !MSISDN.test(input.phone)) {
    return invalid("phone", "must be 2547XXXXXXXX or 2541XXXXXXXX");
  }
  if (wholeShillings(input.amountCents) === undefined) {
    return invalid(
      "amountCents",
      "must be whole shillings (cents divisible by 100), KES 1 to 250,000",
    );
  }
  const reference = input.accountReference;
  if (typeof reference !== "string" || reference.length > 12 || !PRINTABLE.test(reference)) {
    return invalid("accountReference", "must be 1 to 12 printable characters");
  }
  const description = input.description;
  if (typeof description !== "string" || description.length > 13 || !PRINTABLE.test(description)) {
    return invalid("description", "must be 1 to 13 printable characters");
  }
  return undefined;
}

let shared: { key: string; client: DarajaClient } | undefined;

/** The client of this process's configuration (its token kept while the configuration stays). */
export function daraja(): DarajaClient {
  const config = darajaConfig();
  const key = JSON.stringify(config);
  if (shared?.key !== key) {
    shared = { key, client: createDarajaClient(config, { tokens: processTokenCache(config) }) };
  }
  return shared.client;
}

export const stkPush = (input: StkPushInput) => daraja().stkPush(input);
export const stkQuery = (checkoutRequestId: string) => daraja().stkQuery(checkoutRequestId);
export const registerC2bUrls = () => daraja().registerC2bUrls();
