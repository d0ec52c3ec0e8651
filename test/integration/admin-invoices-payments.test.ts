/**
 * /admin/payments on the production server (issue 43, decision 019): the ledger newest first,
 * a Paybill payment whose account names no invoice waiting unmatched and unverified, verified by
 * the admin against the statement, then assigned by hand (the allocation trigger's refusals as
 * field errors), a Paybill payment naming its invoice applied when verified, a cash payment
 * recorded and assigned, and a flagged M-Pesa prompt with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingSite, pages, startBillingSite, text } from "./admin-invoices-support";

let billing: BillingSite;
const { get, post, invoice, issuedInvoice } = pages(() => billing);

beforeAll(async () => {
  billing = await startBillingSite("Pwani Logistics");
}, 90_000);
afterAll(async () => billing?.site.stop());

/** A Paybill payment as its confirmation announced it (the service role records it). */
async function paybill(account: string, amountCents: number): Promise<number> {
  const receipt = `TX${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const { data, error } = await billing.site.service.rpc("record_paybill_payment", {
    p_trans_id: receipt.slice(0, 20),
    p_amount_cents: amountCents,
    p_account: account,
    p_payer: "J*** K***",
    p_received_at: new Date().toISOString(),
  });
  if (error) throw new Error(error.message);
  return Number(data);
}

const payment = async (id: number) =>
  (await billing.site.service.from("payments").select("*").eq("id", id).single()).data as Record<
    string,
    unknown
  >;

describe("unmatched Paybill money", () => {
  it("is verified by the admin, then assigned by hand with refusals under the fields", async () => {
    const { id: invoiceId, number } = await issuedInvoice("1,000"); // 1,160.00 due
    const paid = await paybill("WRONG-ACCOUNT", 150_000);
    let page = text((await get("/admin/payments")).html);
    expect(page).toContain("Unmatched money");
    expect(page).toContain("Account typed: WRONG-ACCOUNT");
    expect(page).toContain("Verify against the M-Pesa statement");

    const verified = await post("/admin/payments", { intent: "verify", payment: String(paid) });
    expect(verified.status).toBe(302);
    expect((await payment(paid)).verified_at).not.toBeNull();

    const badAmount = await post("/admin/payments", {
      intent: "assign",
      payment: String(paid),
      invoice_number: number,
      amount: "1,50,0",
    });
    expect(badAmount.status).toBe(400);
    expect(text(badAmount.html)).toContain("Enter an amount in shillings like 1,500 or 1500.50.");
    expect(badAmount.html).toContain('value="1,50,0"');

    const unknown = await post("/admin/payments", {
      intent: "assign",
      payment: String(paid),
      invoice_number: "JD-1999-0001",
      amount: "100",
    });
    expect(unknown.status).toBe(422);
    expect(text(unknown.html)).toContain("No issued invoice has this number.");

    const tooMuch = await post("/admin/payments", {
      intent: "assign",
      payment: String(paid),
      invoice_number: number,
      amount: "1,200",
    });
    expect(tooMuch.status).toBe(422);
    expect(text(tooMuch.html)).toContain("More than the invoice's balance.");

    const assigned = await post("/admin/payments", {
      intent: "assign",
      payment: String(paid),
      invoice_number: number.toLowerCase(),
      amount: "1,160.00",
    });
    expect(assigned.status).toBe(302);
    expect(await invoice(invoiceId)).toMatchObject({ paid_cents: 116_000, status: "paid" });
    page = text((await get("/admin/payments")).html);
    expect(page).toContain("Left: Ksh 340.00");
  });

  it("applies a Paybill payment that names its invoice once verified", async () => {
    const { id: invoiceId, number } = await issuedInvoice("500"); // 580.00
    const paid = await paybill(number.replace(/-/g, " "), 58_000);
    expect(await invoice(invoiceId)).toMatchObject({ paid_cents: 0 });
    const verified = await post("/admin/payments", { intent: "verify", payment: String(paid) });
    expect(verified.status).toBe(302);
    expect(await invoice(invoiceId)).toMatchObject({ paid_cents: 58_000, status: "paid" });
    // Verified once: a second press finds nothing to verify.
    const again = await post("/admin/payments", { intent: "verify", payment: String(paid) });
    expect(again.status).toBe(404);
  });
});

describe("cash and bank payments", () => {
  it("are refused without a client or amount, recorded and assigned when complete", async () => {
    const { id: invoiceId, number } = await issuedInvoice("2,000"); // 2,320.00
    const bad = await post("/admin/payments", {
      intent: "record",
      method: "cash",
      amount: "lots",
      client: "",
      received_on: "yesterday",
      note: "Brought by Wanjiru",
    });
    expect(bad.status).toBe(400);
    const words = text(bad.html);
    expect(words).toContain("Choose a client.");
    expect(words).toContain("Enter an amount in shillings");
    expect(words).toContain("Enter a date as YYYY-MM-DD.");
    expect(bad.html).toContain('value="Brought by Wanjiru"');

    const recorded = await post("/admin/payments", {
      intent: "record",
      method: "bank",
      amount: "1 000,50",
      client: billing.client,
      received_on: "2026-11-02",
      note: "EFT ref 88121",
      invoice_number: number,
    });
    expect(recorded.status).toBe(302);
    expect(await invoice(invoiceId)).toMatchObject({ paid_cents: 100_050, status: "partly_paid" });
    const page = text((await get("/admin/payments")).html);
    expect(page).toContain("Bank transfer");
    expect(page).toContain(number);
  });
});

describe("flagged prompts", () => {
  it("are listed with their reason", async () => {
    const { id } = await issuedInvoice("100");
    const { error } = await billing.site.service.from("mpesa_pushes").insert({
      invoice_id: id,
      organisation_id: billing.client,
      phone: "254712345678",
      amount_cents: 10_000,
      account_reference: "JD20260001",
      status: "flagged",
      flag_reason: "The callback's amount differs from the push's",
    });
    expect(error).toBeNull();
    expect(text((await get("/admin/payments")).html)).toContain(
      "The callback's amount differs from the push's",
    );
  });
});

describe("odd forms", () => {
  it("never answer a 500", async () => {
    const odd: Record<string, string>[] = [
      { intent: "verify", payment: "999999999999999" },
      { intent: "verify" },
      { intent: "assign", payment: "999999", invoice_number: "JD-2026-0001", amount: "10" },
      { intent: "assign", payment: "1", invoice_number: "'; drop table invoices", amount: "10" },
      {
        intent: "record",
        method: "cash",
        amount: "10",
        client: "not-a-uuid",
        received_on: "2026-11-01",
      },
      {
        intent: "record",
        method: "bank",
        amount: "10",
        client: "00000000-0000-4000-8000-00000000c11e",
        received_on: "2026-11-01",
      },
      { intent: "record", method: "mpesa_stk", amount: "10", client: billing.client },
      { intent: "refund" },
    ];
    for (const fields of odd) {
      const answer = await post("/admin/payments", fields);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(answer.status, JSON.stringify(fields)).not.toBe(302);
    }
  });
});
