import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, receiver, sleep, standIn } from "../testing.ts";

afterEach(closeAll);

const registered = {
  status: 200,
  body: {
    OriginatorCoversationID: expect.stringMatching(
      /^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\d{7}$/,
    ),
    ResponseCode: "0",
    ResponseDescription: "Success",
  },
};

async function paybill(
  options: Parameters<typeof standIn>[0] = {},
  answer?: Parameters<typeof receiver>[0],
) {
  const stand = await standIn(options);
  const hook = await receiver(answer);
  return { stand, hook, daraja: client(stand) };
}

describe("C2B register", { timeout: 5_000 }, () => {
  it.each(["v1", "v2"] as const)(
    "registers URLs through %s with the misspelt key",
    async (version) => {
      const { daraja, hook } = await paybill();
      const answer = await daraja.register(version, {
        ConfirmationURL: `${hook.url}/hooks/mpesac2b/confirm`,
        ValidationURL: `${hook.url}/validate`,
      });
      expect(answer).toEqual(registered);
    },
  );

  it("registers once per shortcode (500.003.1001) until a reset", async () => {
    const { stand, daraja, hook } = await paybill();
    const body = { ConfirmationURL: `${hook.url}/c` };
    expect((await daraja.register("v2", body)).status).toBe(200);
    expect(await daraja.register("v2", body)).toMatchObject({
      status: 500,
      body: { errorCode: "500.003.1001", errorMessage: "Urls are already registered" },
    });
    expect((await daraja.register("v2", { ...body, ShortCode: "600985" })).status).toBe(200);
    stand.reset();
    expect((await daraja.register("v2", body)).status).toBe(200);
  });

  it("lets the first registration replace URLs given in the options", async () => {
    const { stand, daraja, hook } = await paybill({
      c2bUrls: [
        {
          shortcode: "600984",
          responseType: "Completed",
          confirmationUrl: "http://127.0.0.1:9/x",
          validationUrl: undefined,
        },
      ],
    });
    expect(stand.registrations()[0]).toMatchObject({ seeded: true, version: "v2" });
    expect((await daraja.register("v1", { ConfirmationURL: `${hook.url}/c` })).status).toBe(200);
    expect(stand.registrations()[0]).toMatchObject({ seeded: false, version: "v1" });
    expect((await daraja.register("v1", { ConfirmationURL: `${hook.url}/c` })).status).toBe(500);
  });

  it.each([
    ["ResponseType", { ResponseType: "completed" }],
    ["ResponseType", { ResponseType: undefined }],
    ["ShortCode", { ShortCode: "1234" }],
    ["ConfirmationURL", { ConfirmationURL: "not a url" }],
    ["ConfirmationURL", { ConfirmationURL: "https://example.com/mpesa/exec" }],
    ["ConfirmationURL", { ConfirmationURL: "https://abc.ngrok.io/confirm" }],
    [
      "ValidationURL",
      { ConfirmationURL: "https://example.com/c", ValidationURL: "https://example.com/Safaricom" },
    ],
  ])("refuses a bad %s: %j", async (field, body) => {
    const { daraja } = await paybill();
    expect(
      await daraja.register("v2", { ConfirmationURL: "https://example.com/c", ...body }),
    ).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` },
    });
  });

  it("refuses the other version when the app has one C2B product (401.003.01)", async () => {
    const { daraja } = await paybill({ c2bVersion: "v2" });
    const answer = await daraja.register("v1", { ConfirmationURL: "https://example.com/c" });
    expect(answer).toMatchObject({
      status: 401,
      body: {
        errorCode: "401.003.01",
        errorMessage:
          "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
      },
    });
    expect((await daraja.simulate("v1")).status).toBe(401);
  });
});

describe("C2B simulate, validation and confirmation", { timeout: 5_000 }, () => {
  it("confirms a v2 payment with all-string fields and a masked MSISDN", async () => {
    const { daraja, hook } = await paybill();
    await daraja.register("v2", {
      ConfirmationURL: `${hook.url}/hooks/mpesac2b/s`,
      ValidationURL: `${hook.url}/v`,
    });
    const answer = await daraja.simulate("v2");
    expect(answer).toEqual({
      status: 200,
      body: {
        OriginatorCoversationID: expect.any(String),
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      },
    });
    const [posted] = await hook.waitFor(1);
    expect(posted!.path).toBe("/hooks/mpesac2b/s");
    expect(posted!.headers["x-forwarded-for"]).toBe("196.201.214.200");
    expect(posted!.body).toEqual({
      TransactionType: "Pay Bill",
      TransID: expect.stringMatching(/^[A-Z][A-L][1-9A-V][A-Z0-9]{7}$/),
      TransTime: expect.stringMatching(/^20\d{12}$/),
      TransAmount: "1500.00",
      BusinessShortCode: "600984",
      BillRefNumber: "JD-2026-0001",
      InvoiceNumber: "",
      OrgAccountBalance: "1500.00",
      ThirdPartyTransID: "",
      MSISDN: "2547 ***** 149",
      FirstName: "JOHN",
      MiddleName: "",
      LastName: "DOE",
    });
    // Validation is off by default (Safaricom enables it on request): one post only.
    await sleep(100);
    expect(hook.received).toHaveLength(1);
    await daraja.simulate("v2", { Amount: "500" });
    const posts = await hook.waitFor(2);
    expect(posts[1]!.body.OrgAccountBalance).toBe("2000.00");
  });

  it("shows a v1 payment's MSISDN as its SHA-256", async () => {
    const { daraja, hook } = await paybill();
    await daraja.register("v1", { ConfirmationURL: `${hook.url}/c` });
    await daraja.simulate("v1");
    const [posted] = await hook.waitFor(1);
    expect(posted!.body.MSISDN).toBe(createHash("sha256").update("254708374149").digest("hex"));
  });

  it.each([
    ["CommandID", { CommandID: "PayBill" }],
    ["Amount", { Amount: 0 }],
    ["Amount", { Amount: "12.50" }],
    ["Msisdn", { Msisdn: "0708374149" }],
    ["BillRefNumber", { BillRefNumber: "X".repeat(21) }],
    ["ShortCode", { ShortCode: "12" }],
  ])("refuses a simulation with a bad %s", async (field, body) => {
    const { daraja } = await paybill();
    expect(await daraja.simulate("v2", body)).toMatchObject({
      status: 400,
      body: { errorMessage: `Bad Request - Invalid ${field}` },
    });
  });

  it("posts nothing for a shortcode with no URLs", async () => {
    const { stand, daraja } = await paybill();
    expect((await daraja.simulate("v2")).status).toBe(200);
    await sleep(20);
    expect(stand.payments()[0]?.status).toBe("no-urls");
  });

  it("with validation on: validation (blank balance) then confirmation, echoing ThirdPartyTransID", async () => {
    const { daraja, hook } = await paybill({ settings: { validation: true } }, (item) =>
      item.path === "/v"
        ? {
            status: 200,
            body: { ResultCode: "0", ResultDesc: "Accepted", ThirdPartyTransID: "site-42" },
          }
        : { status: 200, body: { ResultCode: 0, ResultDesc: "Success" } },
    );
    await daraja.register("v2", {
      ConfirmationURL: `${hook.url}/c`,
      ValidationURL: `${hook.url}/v`,
    });
    await daraja.simulate("v2");
    const [validation, confirmation] = await hook.waitFor(2);
    expect(validation!.path).toBe("/v");
    expect(validation!.body).toMatchObject({
      OrgAccountBalance: "",
      TransAmount: "1500.00",
      ThirdPartyTransID: "",
    });
    expect(confirmation!.path).toBe("/c");
    expect(confirmation!.body).toMatchObject({
      TransID: validation!.body.TransID,
      OrgAccountBalance: "1500.00",
      ThirdPartyTransID: "site-42",
    });
  });

  it("a rejection (C2B00012) stops the payment: no confirmation", async () => {
    const { stand, daraja, hook } = await paybill({ settings: { validation: true } }, () => ({
      status: 200,
      body: { ResultCode: "C2B00012", ResultDesc: "Rejected" },
    }));
    await daraja.register("v2", {
      ConfirmationURL: `${hook.url}/c`,
      ValidationURL: `${hook.url}/v`,
    });
    const { done } = stand.payBill({
      paybill: "600984",
      account: "NOPE",
      amount: 10,
      phone: "0708374149",
    });
    await done;
    expect(hook.received.map((r) => r.path)).toEqual(["/v"]);
    expect(stand.payments()[0]).toMatchObject({
      status: "rejected",
      validation: { resultCode: "C2B00012", resultDesc: "Rejected" },
    });
  });

  it.each([
    ["Completed", ["/v", "/c"], "confirmed"],
    ["Cancelled", ["/v"], "rejected"],
  ])(
    "no validation answer in time: ResponseType %s decides",
    async (responseType, paths, status) => {
      const { stand, daraja, hook } = await paybill(
        { settings: { validation: true, validationTimeoutMs: 100 } },
        (item) => ({ status: 200, delayMs: item.path === "/v" ? 1_000 : 0 }),
      );
      await daraja.register("v2", {
        ResponseType: responseType,
        ConfirmationURL: `${hook.url}/c`,
        ValidationURL: `${hook.url}/v`,
      });
      const started = Date.now();
      await stand.payBill({
        paybill: "600984",
        account: "JD-1",
        amount: "10",
        phone: "254708374149",
      }).done;
      expect(Date.now() - started).toBeLessThan(900);
      expect(hook.received.map((r) => r.path)).toEqual(paths);
      expect(stand.payments()[0]).toMatchObject({ status, validation: "no-answer" });
    },
  );
});
