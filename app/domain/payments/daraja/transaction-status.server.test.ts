import { closeAll, receiver, standIn } from "@jenga/daraja-local/testing";
import { afterEach, describe, expect, it } from "vitest";
import type { DarajaConfig } from "./config.server";
import { parseStatusResult, statusVerdict } from "./status-result";
import { createTransactionStatus } from "./transaction-status.server";

/** The site's Transaction Status call and Result parser against the local stand-in. */
afterEach(closeAll);

async function setUp(overrides: Partial<DarajaConfig> = {}) {
  const daraja = await standIn();
  const hooks = await receiver();
  const config: DarajaConfig = {
    baseUrl: daraja.url,
    local: true,
    consumerKey: daraja.consumerKey,
    consumerSecret: daraja.consumerSecret,
    shortcode: daraja.shortcode,
    passkey: daraja.passkey,
    transactionType: "CustomerPayBillOnline",
    partyB: daraja.shortcode,
    paybill: daraja.shortcode,
    c2bVersion: "v2",
    stkCallbackUrl: undefined,
    c2bCallbackUrl: `${hooks.url}/hooks/mpesac2b/c2b-secret`,
    initiator: "testapi",
    securityCredential: "c2VjcmV0",
    statusResultUrl: `${hooks.url}/hooks/mpesastatus/status-secret`,
    ...overrides,
  };
  return { daraja, hooks, ask: createTransactionStatus(config, { timeoutMs: 3_000 }) };
}

describe("transactionStatus (transaction-status.server.ts)", { timeout: 10_000 }, () => {
  it("is accepted with a ConversationID, and the Result it brings confirms the payment's amount", async () => {
    const { daraja, hooks, ask } = await setUp({
      c2bCallbackUrl: undefined,
    });
    const { payment } = daraja.payBill({
      paybill: daraja.shortcode,
      account: "JD-2026-0001",
      amount: 1500,
      phone: "0708374149",
    });
    const answer = await ask(payment.transId, "Payment 1");
    expect(answer).toMatchObject({
      kind: "accepted",
      conversationId: expect.stringMatching(/^AG_/),
    });
    const [result] = await hooks.waitFor(1);
    expect(result?.path).toBe("/hooks/mpesastatus/status-secret");
    const reading = parseStatusResult(result?.body);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.result.conversationId).toBe(
      answer.kind === "accepted" ? answer.conversationId : "",
    );
    expect(statusVerdict(reading.result, payment.transId)).toEqual({
      kind: "completed",
      amountCents: 150_000,
    });
    expect(daraja.statuses()[0]?.request).toMatchObject({
      initiator: "testapi",
      partyA: daraja.shortcode,
      queueTimeOutUrl: `${hooks.url}/hooks/mpesastatus/status-secret`,
      occasion: "Payment 1",
    });
  });

  it("is unconfigured without initiator, credential or hook secret; rejected or unreachable otherwise", async () => {
    const { ask: noInitiator } = await setUp({ initiator: undefined });
    expect(await noInitiator("UKT4H2J9QZ")).toMatchObject({ kind: "unconfigured" });
    const { ask: noHook } = await setUp({ statusResultUrl: undefined });
    expect(await noHook("UKT4H2J9QZ")).toMatchObject({
      kind: "unconfigured",
      message: expect.stringContaining("HOOK_MPESASTATUS_SECRET"),
    });
    const { ask: badCredential } = await setUp({ securityCredential: "not base64!" });
    expect(await badCredential("UKT4H2J9QZ")).toEqual({
      kind: "rejected",
      errorCode: "400.002.02",
      errorMessage: "Bad Request - Invalid SecurityCredential",
      requestId: expect.any(String),
    });
    const { ask: nowhere } = await setUp({ baseUrl: "http://127.0.0.1:9" });
    expect(await nowhere("UKT4H2J9QZ")).toMatchObject({ kind: "unreachable" });
  });
});
