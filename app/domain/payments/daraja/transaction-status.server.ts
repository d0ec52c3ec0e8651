import {
  type CallOptions,
  createDarajaCaller,
  type NoAnswer,
  processTokenCache,
  refusal,
} from "./call.server";
import { type DarajaConfig, darajaConfig } from "./config.server";
import type { DarajaError } from "./http.server";
import { isRecord, textOf } from "./json";

/**
 * Daraja's Transaction Status (`POST /mpesa/transactionstatus/v1/query`, CommandID
 * `TransactionStatusQuery`): the site asks M-Pesa itself about a receipt (a Paybill TransID).
 * The call is asynchronous: Daraja accepts it here and posts the Result later to the
 * `mpesastatus` hook (ResultURL and QueueTimeOutURL), which the hook's provider reads.
 */
export type TransactionStatusAnswer =
  /** Accepted: the Result follows at the mpesastatus hook under this ConversationID. */
  | { kind: "accepted"; conversationId: string; originatorConversationId?: string }
  /** Daraja refused the query (bad credential, no Transaction Status product, bad field…). */
  | ({ kind: "rejected" } & DarajaError)
  /** No usable answer: ask again later. */
  | NoAnswer
  /** Nothing was sent: no initiator, credential or result URL configured. */
  | { kind: "unconfigured"; message: string };

/** A receipt as M-Pesa writes one (TransID, MpesaReceiptNumber). */
const RECEIPT = /^[A-Z0-9]{6,20}$/;

export function createTransactionStatus(config: DarajaConfig, options: CallOptions = {}) {
  const { call } = createDarajaCaller(config, options);
  return async function transactionStatus(
    transId: string,
    occasion = "",
  ): Promise<TransactionStatusAnswer> {
    if (!config.initiator || !config.securityCredential) {
      return {
        kind: "unconfigured",
        message:
          "MPESA_INITIATOR and MPESA_SECURITY_CREDENTIAL are not set: Transaction Status cannot be asked",
      };
    }
    if (!config.statusResultUrl) {
      return {
        kind: "unconfigured",
        message: "HOOK_MPESASTATUS_SECRET is not set: Daraja would have no ResultURL",
      };
    }
    if (!RECEIPT.test(transId)) {
      return { kind: "rejected", errorCode: "invalid", errorMessage: "Not an M-Pesa receipt" };
    }
    const reply = await call("/mpesa/transactionstatus/v1/query", {
      Initiator: config.initiator,
      SecurityCredential: config.securityCredential,
      CommandID: "TransactionStatusQuery",
      TransactionID: transId,
      PartyA: config.paybill,
      IdentifierType: "4",
      ResultURL: config.statusResultUrl,
      QueueTimeOutURL: config.statusResultUrl,
      Remarks: "Paybill payment check",
      Occasion: occasion.slice(0, 100),
    });
    if (reply.kind !== "answer") return reply;
    const json = isRecord(reply.json) ? reply.json : {};
    const conversationId = textOf(json.ConversationID);
    const responseCode = textOf(json.ResponseCode, 32);
    if (reply.status < 300 && responseCode === "0" && conversationId) {
      const originatorConversationId = textOf(json.OriginatorConversationID);
      return originatorConversationId
        ? { kind: "accepted", conversationId, originatorConversationId }
        : { kind: "accepted", conversationId };
    }
    if (reply.status < 300 && responseCode && responseCode !== "0") {
      const errorMessage = textOf(json.ResponseDescription, 500) ?? "";
      return { kind: "rejected", errorCode: responseCode, errorMessage };
    }
    return refusal(reply);
  };
}

let shared: { key: string; ask: ReturnType<typeof createTransactionStatus> } | undefined;

/** Asks Transaction Status about `transId` with this process's configuration. */
export function transactionStatus(
  transId: string,
  occasion?: string,
): Promise<TransactionStatusAnswer> {
  const config = darajaConfig();
  const key = JSON.stringify(config);
  if (shared?.key !== key) {
    shared = { key, ask: createTransactionStatus(config, { tokens: processTokenCache(config) }) };
  }
  return shared.ask(transId, occasion);
}
