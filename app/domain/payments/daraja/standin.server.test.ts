import * as standInPackage from "@jenga/daraja-local";
import { closeAll, receiver, standIn } from "@jenga/daraja-local/testing";
import { afterEach, describe, expect, it } from "vitest";
import { parseC2bConfirmation, parseStkCallback } from "./callbacks";
import { createDarajaClient, type StkPushInput } from "./client.server";
import { type DarajaConfig, LOCAL_CONSUMER_KEY, LOCAL_CONSUMER_SECRET } from "./config.server";
import { outcomeOf } from "./outcomes";

/**
 * The site's Daraja client and parsers against the local stand-in (mpesa/local) over real
 * sockets: what one sends the other accepts, and what the stand-in posts back the parsers read.
 */
afterEach(closeAll);

const PHONE = "254708374149";
const PUSH: StkPushInput = {
  phone: PHONE,
  amountCents: 150_000,
  accountReference: "JD-2026-0001",
  description: "Invoice",
};

async function setUp(options: Parameters<typeof standIn>[0] = {}) {
  const daraja = await standIn(options);
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
    stkCallbackUrl: `${hooks.url}/hooks/mpesa/stk-secret`,
    c2bCallbackUrl: `${hooks.url}/hooks/mpesac2b/c2b-secret`,
    initiator: "testapi",
    securityCredential: "c2VjcmV0",
    statusResultUrl: `${hooks.url}/hooks/mpesastatus/status-secret`,
  };
  return { daraja, hooks, client: createDarajaClient(config, { timeoutMs: 5000 }) };
}

describe("the Daraja client against the local stand-in", () => {
  it("uses the stand-in's own credentials when none are configured", () => {
    expect([LOCAL_CONSUMER_KEY, LOCAL_CONSUMER_SECRET]).toEqual([
      standInPackage.LOCAL_CONSUMER_KEY,
      standInPackage.LOCAL_CONSUMER_SECRET,
    ]);
  });

  it("pushes, reads every result code's callback and query alike", async () => {
    const { daraja, hooks, client } = await setUp();
    for (const [index, code] of standInPackage.RESULT_CODES.entries()) {
      daraja.next(PHONE, { resultCode: code, balance: index % 2 === 0 });
      const pushed = await client.stkPush(PUSH);
      if (pushed.kind !== "accepted")
        throw new Error(`push for ${code}: ${JSON.stringify(pushed)}`);
      const [received] = (await hooks.waitFor(index + 1)).slice(index);
      expect(received?.path).toBe("/hooks/mpesa/stk-secret");
      const reading = parseStkCallback(received?.body);
      if (!reading.ok) throw new Error(`callback for ${code}: ${reading.reason}`);
      expect(reading.callback).toMatchObject({
        checkoutRequestId: pushed.checkoutRequestId,
        merchantRequestId: pushed.merchantRequestId,
        resultCode: String(code),
      });
      expect(outcomeOf(reading.callback.resultCode)).not.toBe("unknown");
      if (code === 0) {
        expect(reading.callback.payment).toMatchObject({ amountCents: 150_000, phone: PHONE });
        expect(reading.callback.payment?.receipt).toMatch(/^[A-Z0-9]{10}$/);
      } else {
        expect(reading.callback.payment).toBeUndefined();
      }
      expect(await client.stkQuery(pushed.checkoutRequestId)).toMatchObject({
        kind: "final",
        resultCode: String(code),
      });
    }
  });

  it("reads an unanswered prompt as pending and the phone as busy", async () => {
    const { daraja, client } = await setUp();
    daraja.next(PHONE, { resultCode: "none" });
    const pushed = await client.stkPush(PUSH);
    if (pushed.kind !== "accepted") throw new Error(JSON.stringify(pushed));
    expect(await client.stkQuery(pushed.checkoutRequestId)).toEqual({ kind: "pending" });
    expect(await client.stkPush(PUSH)).toMatchObject({ kind: "busy", errorCode: "500.001.1001" });
    daraja.resolve(pushed.checkoutRequestId, 1032);
    expect(await client.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      kind: "final",
      resultCode: "1032",
    });
  });

  it("renews a token the stand-in expired (404.001.03)", async () => {
    const { daraja, client } = await setUp({ tokenTtlMs: 1000 });
    expect((await client.stkPush({ ...PUSH, phone: "254708374141" })).kind).toBe("accepted");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.stkPush({ ...PUSH, phone: "254708374142" })).kind).toBe("accepted");
    const calls = daraja.exchanges().map((exchange) => `${exchange.kind} ${exchange.status}`);
    expect(calls).toEqual([
      "oauth 200",
      "stk-push 200",
      "stk-push 404",
      "oauth 200",
      "stk-push 200",
    ]);
  });

  it("registers the C2B URL and reads the Paybill confirmation it posts", async () => {
    const { daraja, hooks, client } = await setUp();
    expect(await client.registerC2bUrls()).toMatchObject({ kind: "registered" });
    const { done } = daraja.payBill({
      paybill: daraja.shortcode,
      account: " jd-2026-0001 ",
      amount: 1500,
      phone: "0708 374 149",
    });
    await done;
    const [received] = await hooks.waitFor(1);
    expect(received?.path).toBe("/hooks/mpesac2b/c2b-secret");
    const reading = parseC2bConfirmation(received?.body);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.confirmation).toMatchObject({
      amountCents: 150_000,
      accountKey: "JD20260001",
      shortcode: daraja.shortcode,
    });
  });
});
