import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, sleep, standIn } from "../testing.ts";

afterEach(closeAll);

describe("OAuth and the API's common errors", { timeout: 5_000 }, () => {
  it('issues a token with expires_in as the string "3599"', async () => {
    const daraja = client(await standIn());
    const answer = await daraja.oauth(daraja.basic());
    expect(answer.status).toBe(200);
    expect(answer.body.expires_in).toBe("3599");
    expect(answer.body.access_token).toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it("refuses another grant type with 400.008.02", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.oauth(daraja.basic(), "password");
    expect(answer).toEqual({
      status: 400,
      body: {
        requestId: expect.stringMatching(/^\d{5}-\d{7}-1$/),
        errorCode: "400.008.02",
        errorMessage: "Invalid grant type passed",
      },
    });
  });

  it.each([
    ["no Authorization header", undefined],
    ["a Bearer header", "Bearer abc"],
    ["a wrong secret", "wrong"],
    ["a wrong key", "wrong-key"],
  ])("refuses %s with 400.008.01", async (_case, authorization) => {
    const stand = await standIn();
    const daraja = client(stand);
    const header =
      authorization === "wrong"
        ? daraja.basic(stand.consumerKey, "nope")
        : authorization === "wrong-key"
          ? daraja.basic("nope", stand.consumerSecret)
          : authorization;
    const answer = await daraja.oauth(header);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errorCode: "400.008.01",
      errorMessage: "Invalid Authentication passed",
    });
  });

  it("lets a token expire: then 404.001.03 Invalid Access Token", async () => {
    const daraja = client(await standIn({ tokenTtlMs: 150 }));
    expect((await daraja.push()).status).toBe(200);
    await sleep(200);
    const answer = await daraja.query("ws_CO_x");
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      errorCode: "404.001.03",
      errorMessage: "Invalid Access Token",
    });
  });

  it("answers an unknown token with 404.001.03 and no header with 404.001.04", async () => {
    const daraja = client(await standIn());
    const body = daraja.pushBody();
    const unknown = await daraja.call("/mpesa/stkpush/v1/processrequest", {
      body,
      headers: { Authorization: "Bearer nope", "Content-Type": "application/json" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe("404.001.03");
    const none = await daraja.call("/mpesa/stkpush/v1/processrequest", {
      body,
      headers: { "Content-Type": "application/json" },
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      errorCode: "404.001.04",
      errorMessage: "Invalid Authentication Header",
    });
  });

  it("answers an unknown path with 404.001.01 and a wrong method with 405.001", async () => {
    const daraja = client(await standIn());
    const missing = await daraja.post("/mpesa/nothing/v1/here", {});
    expect(missing).toMatchObject({
      status: 404,
      body: { errorCode: "404.001.01", errorMessage: "Resource not found" },
    });
    const method = await daraja.call("/mpesa/stkpush/v1/processrequest", { method: "GET" });
    expect(method).toMatchObject({
      status: 405,
      body: { errorCode: "405.001", errorMessage: "Method Not Allowed" },
    });
  });

  it("reads at most 64 KB of a body (413), and keeps answering", async () => {
    const stand = await standIn();
    const daraja = client(stand);
    const big = await fetch(`${stand.url}/mpesa/stkpush/v1/processrequest`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(65 * 1024),
      signal: AbortSignal.timeout(5_000),
    });
    expect(big.status).toBe(413);
    expect((await daraja.push()).status).toBe(200);
  });

  it("serves everything under a base path when given one", async () => {
    const stand = await standIn({ basePath: "/daraja" });
    expect(stand.url).toMatch(/\/daraja$/);
    const daraja = client(stand);
    expect((await daraja.push()).status).toBe(200);
    const outside = await fetch(stand.url.replace(/\/daraja$/, "/oauth/v1/generate"));
    expect(outside.status).toBe(404);
  });
});
