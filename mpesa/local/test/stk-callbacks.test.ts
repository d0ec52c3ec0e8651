import { afterEach, describe, expect, it } from "vitest";
import { RESULT_CODES, RESULT_DESCS } from "../index.ts";
import { client, closeAll, eventually, PHONE, receiver, sleep, standIn } from "../testing.ts";

afterEach(closeAll);

type Callback = {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: { Name: string; Value?: unknown }[] };
    };
  };
};
const stk = (body: unknown) => (body as Callback).Body.stkCallback;

async function pushWith(
  plan: Parameters<Awaited<ReturnType<typeof standIn>>["next"]>[1],
  options = {},
) {
  const stand = await standIn(options);
  const hook = await receiver();
  stand.next(PHONE, plan);
  const answer = await client(stand).push({ CallBackURL: `${hook.url}/hooks/mpesa/secret` });
  expect(answer.status).toBe(200);
  return { stand, hook, id: String(answer.body.CheckoutRequestID), answer };
}

describe("STK callbacks", { timeout: 5_000 }, () => {
  it("posts a paid callback in Daraja's exact shape, from a Safaricom address", async () => {
    const { hook, id, answer } = await pushWith({ resultCode: 0 });
    const [posted] = await hook.waitFor(1);
    expect(posted!.path).toBe("/hooks/mpesa/secret");
    expect(posted!.headers["content-type"]).toBe("application/json");
    expect(posted!.headers["x-forwarded-for"]).toBe("196.201.214.200");
    expect(posted!.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: answer.body.MerchantRequestID,
          CheckoutRequestID: id,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          CallbackMetadata: {
            Item: [
              { Name: "Amount", Value: 1500 },
              {
                Name: "MpesaReceiptNumber",
                Value: expect.stringMatching(/^[A-Z][A-L][1-9A-V][A-Z0-9]{7}$/),
              },
              { Name: "Balance" },
              { Name: "TransactionDate", Value: expect.any(Number) },
              { Name: "PhoneNumber", Value: 254708374149 },
            ],
          },
        },
      },
    });
    const date = stk(posted!.body).CallbackMetadata!.Item[3]!.Value;
    expect(String(date)).toMatch(/^20\d{12}$/);
  });

  it("leaves the Balance item out when asked (per push or as a setting)", async () => {
    const { hook } = await pushWith({ resultCode: 0, balance: false });
    const [posted] = await hook.waitFor(1);
    expect(stk(posted!.body).CallbackMetadata!.Item.map((i) => i.Name)).toEqual([
      "Amount",
      "MpesaReceiptNumber",
      "TransactionDate",
      "PhoneNumber",
    ]);
    const second = await pushWith({ resultCode: 0 }, { settings: { balanceItem: false } });
    const [again] = await second.hook.waitFor(1);
    expect(stk(again!.body).CallbackMetadata!.Item).toHaveLength(4);
  });

  it.each(RESULT_CODES.filter((code) => code !== 0))(
    "posts failure %i with its ResultDesc and no metadata",
    async (code) => {
      const { hook, id } = await pushWith({ resultCode: code });
      const [posted] = await hook.waitFor(1);
      expect(stk(posted!.body)).toEqual({
        MerchantRequestID: expect.any(String),
        CheckoutRequestID: id,
        ResultCode: code,
        ResultDesc: RESULT_DESCS[code],
      });
    },
  );

  it("waits delayMs before the chosen result", async () => {
    const started = Date.now();
    const { hook } = await pushWith({ resultCode: 1032, delayMs: 200 });
    const [posted] = await hook.waitFor(1);
    expect(posted!.at - started).toBeGreaterThanOrEqual(190);
  });

  it("mode duplicate: posts the same callback twice", async () => {
    const { hook } = await pushWith({ resultCode: 0, mode: "duplicate" });
    const posts = await hook.waitFor(2);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    await sleep(100);
    expect(hook.received).toHaveLength(2);
  });

  it("mode late: the result is known to the query before the callback comes", async () => {
    const { stand, hook, id } = await pushWith({ resultCode: 0, mode: "late" });
    await eventually(() => (stand.pushes()[0]?.status === "resolved" ? true : undefined));
    const resolvedAt = Date.now();
    expect((await client(stand).query(id)).body.ResultCode).toBe("0");
    expect(hook.received).toHaveLength(0);
    const [posted] = await hook.waitFor(1);
    expect(posted!.at - resolvedAt).toBeGreaterThanOrEqual(200);
  });

  it("mode before-response: the callback arrives before the push's answer", async () => {
    const stand = await standIn();
    const hook = await receiver();
    stand.next(PHONE, { resultCode: 0, mode: "before-response" });
    const answer = await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    const answeredAt = Date.now();
    expect(answer.status).toBe(200);
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.at).toBeLessThanOrEqual(answeredAt);
    expect(stk(hook.received[0]!.body).CheckoutRequestID).toBe(answer.body.CheckoutRequestID);
  });

  it("mode none: the push resolves but no callback is ever sent", async () => {
    const { stand, hook, id } = await pushWith({ resultCode: 0, mode: "none" });
    await eventually(() => (stand.pushes()[0]?.status === "resolved" ? true : undefined));
    expect((await client(stand).query(id)).body.ResultCode).toBe("0");
    await sleep(150);
    expect(hook.received).toHaveLength(0);
  });

  it("mode retry: resends on a non-2xx answer with a backoff until one is taken", async () => {
    const stand = await standIn();
    const hook = await receiver((_item, index) => ({ status: index < 2 ? 503 : 200 }));
    stand.next(PHONE, { resultCode: 0, mode: "retry" });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    const posts = await hook.waitFor(3);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(45);
    expect(posts[2]!.at - posts[1]!.at).toBeGreaterThanOrEqual(95);
    await sleep(250);
    expect(hook.received).toHaveLength(3);
    expect(stand.pushes()[0]?.callbacks).toEqual({ attempts: 3, delivered: true });
  });

  it("mode retry gives up after its delays; normal mode never retries", async () => {
    const stand = await standIn();
    const hook = await receiver(() => ({ status: 500 }));
    stand.next(PHONE, { resultCode: 1, mode: "retry" });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await hook.waitFor(4);
    await sleep(250);
    expect(hook.received).toHaveLength(4);
    stand.reset();
    stand.next(PHONE, { resultCode: 1 });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await hook.waitFor(5);
    await sleep(150);
    expect(hook.received).toHaveLength(5);
  });

  it("sends the configured source header", async () => {
    const { hook } = await pushWith(
      { resultCode: 0 },
      { settings: { callbackHeaders: { "X-Forwarded-For": "196.201.212.69", "X-Test": "yes" } } },
    );
    const [posted] = await hook.waitFor(1);
    expect(posted!.headers["x-forwarded-for"]).toBe("196.201.212.69");
    expect(posted!.headers["x-test"]).toBe("yes");
  });

  it("outcome none: the push stays pending, with no callback, until resolved", async () => {
    const { stand, hook, id } = await pushWith(
      { resultCode: "none" },
      { settings: { promptTimeoutMs: 50 } },
    );
    await sleep(150);
    expect(stand.pushes()[0]?.status).toBe("pending");
    expect(hook.received).toHaveLength(0);
    stand.resolve(id, 0);
    await hook.waitFor(1);
  });

  it("nothing chosen: an unanswered prompt times out as 1037 (or 1019 when set)", async () => {
    const { hook } = await pushWith({}, { settings: { promptTimeoutMs: 100 } });
    const [posted] = await hook.waitFor(1);
    expect(stk(posted!.body)).toMatchObject({
      ResultCode: 1037,
      ResultDesc: "DS timeout user cannot be reached.",
    });
    const expired = await pushWith(
      {},
      { settings: { promptTimeoutMs: 50, promptTimeoutCode: 1019 } },
    );
    const [again] = await expired.hook.waitFor(1);
    expect(stk(again!.body)).toMatchObject({
      ResultCode: 1019,
      ResultDesc: "Transaction has expired.",
    });
  });

  it("a chosen plan is for the next push to that phone only", async () => {
    const stand = await standIn();
    const hook = await receiver();
    stand.next(PHONE, { resultCode: 2001 });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await hook.waitFor(1);
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await sleep(100);
    expect(stand.pushes()[0]?.status).toBe("pending");
  });
});
