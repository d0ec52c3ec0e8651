import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, eventually, PHONE, receiver, standIn } from "../testing.ts";

afterEach(closeAll);

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(5_000),
  });

describe("the phone page", { timeout: 5_000 }, () => {
  it("shows a waiting prompt in plain HTML, escaped, with the five answers", async () => {
    const stand = await standIn();
    await client(stand).push({ AccountReference: "<b>JD</b>&1" });
    const response = await fetch(stand.phoneUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await response.text();
    expect(html).toContain(
      "Pay KES 1,500 to 174379, account &lt;b&gt;JD&lt;/b&gt;&amp;1? Enter M-Pesa PIN",
    );
    expect(html).not.toContain("<b>JD");
    expect(html).not.toContain("<script");
    for (const label of [
      "Enter PIN",
      "Cancel",
      "Wrong PIN",
      "Insufficient funds",
      "Let it time out",
    ]) {
      expect(html).toContain(`>${label}</button>`);
    }
  });

  it.each([
    ["pin", 0],
    ["cancel", 1032],
    ["wrong-pin", 2001],
    ["no-funds", 1],
    ["timeout", 1037],
  ])("answer %s resolves the push as %i and redirects back (303)", async (answer, code) => {
    const stand = await standIn();
    const hook = await receiver();
    const id = String(
      (await client(stand).push({ CallBackURL: `${hook.url}/cb` })).body.CheckoutRequestID,
    );
    const response = await form(`${stand.url}/phone/answer`, { id, answer });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/phone");
    const [posted] = await hook.waitFor(1);
    expect(
      (posted!.body as { Body: { stkCallback: { ResultCode: number } } }).Body.stkCallback
        .ResultCode,
    ).toBe(code);
    const html = await (await fetch(stand.phoneUrl)).text();
    expect(html).toContain("No prompt is waiting");
    if (code === 0)
      expect(html).toContain(`receipt <strong>${stand.pushes()[0]!.receipt}</strong>`);
  });

  it("a second answer to the same prompt changes nothing", async () => {
    const stand = await standIn();
    const id = String((await client(stand).push()).body.CheckoutRequestID);
    await form(`${stand.url}/phone/answer`, { id, answer: "cancel" });
    expect((await form(`${stand.url}/phone/answer`, { id, answer: "pin" })).status).toBe(303);
    expect(stand.pushes()[0]).toMatchObject({ resultCode: 1032, resolvedBy: "phone" });
  });

  it("pays by Paybill through the C2B path, and lists the payment", async () => {
    const stand = await standIn();
    const hook = await receiver();
    await client(stand).register("v2", { ShortCode: "174379", ConfirmationURL: `${hook.url}/c` });
    const response = await form(`${stand.url}/phone/paybill`, {
      paybill: "174379",
      account: "JD-2026-0001",
      amount: "1500",
      phone: "0708 374 149",
    });
    expect(response.status).toBe(303);
    const [posted] = await hook.waitFor(1);
    expect(posted!.body).toMatchObject({
      BillRefNumber: "JD-2026-0001",
      TransAmount: "1500.00",
      MSISDN: "2547 ***** 149",
    });
    await eventually(() => (stand.payments()[0]?.status === "confirmed" ? true : undefined));
    const html = await (await fetch(stand.phoneUrl)).text();
    expect(html).toContain(`receipt <strong>${posted!.body.TransID}</strong> (confirmed)`);
  });

  it("keeps the typed values and says what is wrong", async () => {
    const stand = await standIn();
    const response = await form(`${stand.url}/phone/paybill`, {
      paybill: "174379",
      account: "JD-1",
      amount: "12.5",
      phone: PHONE,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert">Bad Request - Invalid Amount</p>');
    expect(html).toContain('name="amount" inputmode="numeric" value="12.5"');
    expect(html).toContain('name="account" inputmode="text" value="JD-1"');
    expect(stand.payments()).toHaveLength(0);
  });

  it("refuses another site's posts and another Host", async () => {
    const stand = await standIn();
    const id = String((await client(stand).push()).body.CheckoutRequestID);
    const crossSite = await form(
      `${stand.url}/phone/answer`,
      { id, answer: "pin" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const fetchSite = await form(
      `${stand.url}/phone/answer`,
      { id, answer: "pin" },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(fetchSite.status).toBe(403);
    expect(stand.pushes()[0]?.status).toBe("pending");
    // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      const get = request(
        stand.phoneUrl,
        { headers: { Host: "evil.example" }, timeout: 5_000 },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      get.on("error", reject).end();
    });
    expect(rebound).toBe(403);
    const root = await fetch(`${stand.url}/`, { redirect: "manual" });
    expect(root.headers.get("location")).toBe("/phone");
  });
});
