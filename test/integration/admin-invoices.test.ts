/**
 * The agency's billing pages on the production server (issue 43), signed in as the seeded
 * administrator: the billing settings and a client's KRA PIN (field errors with what was typed,
 * then saved), a draft made, edited without JavaScript (Add / Remove line answer the page with a
 * row more or less), issued with the year's next number, its PDF, voided when unpaid and refused
 * when paid, corrected by a credit note; unknown ids are 404 and hostile input never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addClient,
  type BillingSite,
  line,
  pages,
  startBillingSite,
  text,
} from "./admin-invoices-support";

let billing: BillingSite;
let client: string;
let site: BillingSite["site"];
const { get, post, follow, invoice, newDraft, issuedInvoice } = pages(() => billing);

beforeAll(async () => {
  billing = await startBillingSite();
  ({ client, site } = billing);
}, 90_000);
afterAll(async () => billing?.site.stop());

describe("billing settings", () => {
  it("refuses bad values under their fields, keeping what was typed", async () => {
    const answer = await post("/admin/billing", {
      vat_rate: "16.125",
      invoice_prefix: "jd1",
      kra_pin: "X123",
      payment_days: "400",
      deposit_percent: "fifty",
    });
    expect(answer.status).toBe(400);
    const page = text(answer.html);
    expect(page).toContain("There is a problem");
    expect(page).toContain("Enter a rate from 0 to 100, like 16 or 8.25.");
    expect(page).toContain("Use 1 to 6 capital letters A to Z.");
    expect(page).toContain("Enter a KRA PIN like P051234567X");
    expect(page).toContain("Enter a whole number of days from 0 to 365.");
    expect(page).toContain("Enter a whole percentage from 0 to 100.");
    expect(answer.html).toContain('value="16.125"');
    expect(answer.html).toContain('value="X123"');
    expect(answer.html).toContain('value="fifty"');
  });

  it("saves a rate in percent as exact basis points, the PIN upper case", async () => {
    const saved = await post("/admin/billing", {
      vat_rate: "16,5",
      invoice_prefix: "jd",
      kra_pin: "p051234567x",
      payment_days: "30",
      partial_payments: "on",
      deposit_percent: "40",
    });
    expect(saved.status).toBe(302);
    const { data } = await site.service.from("billing_settings").select("*").single();
    expect(data).toMatchObject({
      vat_rate_bp: 1650,
      invoice_prefix: "JD",
      kra_pin: "P051234567X",
      payment_days: 30,
      partial_payments: true,
      deposit_percent: 40,
    });
    const page = await get("/admin/billing");
    expect(page.html).toContain('value="16.5"');
    // Back to Kenya's standard rate for the rest of the file.
    const restored = await post("/admin/billing", {
      vat_rate: "16",
      invoice_prefix: "JD",
      kra_pin: "P051234567X",
      payment_days: "14",
      partial_payments: "on",
      deposit_percent: "50",
    });
    expect(restored.status).toBe(302);
  });
});

describe("a client's KRA PIN", () => {
  it("is refused when malformed and saved when right", async () => {
    const bad = await post(`/admin/clients/${client}`, { intent: "kra_pin", kra_pin: "A12" });
    expect(bad.status).toBe(400);
    expect(text(bad.html)).toContain("Enter a KRA PIN like A012345678B");
    expect(bad.html).toContain('value="A12"');
    const good = await post(`/admin/clients/${client}`, {
      intent: "kra_pin",
      kra_pin: "a 012345678 b",
    });
    expect(good.status).toBe(302);
    const { data } = await site.service
      .from("organisations")
      .select("kra_pin")
      .eq("id", client)
      .single();
    expect(data?.kra_pin).toBe("A012345678B");
    expect((await get(`/admin/clients/${client}`)).html).toContain('value="A012345678B"');
  });
});

describe("a draft invoice", () => {
  it("adds and removes lines without saving, then saves and shows the database's totals", async () => {
    const id = await newDraft();
    const added = await post(`/admin/invoices/${id}`, {
      intent: "add",
      title: "Website build",
      language: "en",
      ...line(0, "Design", "2", "1,500.50"),
    });
    expect(added.status).toBe(200);
    expect(added.html).toContain('name="l1_description"');
    expect(added.html).toContain('value="1,500.50"');
    const removed = await post(`/admin/invoices/${id}`, {
      intent: "remove-0",
      title: "Website build",
      language: "en",
      ...line(0, "Design", "2", "1,500.50"),
      ...line(1, "Build", "1", "10 000"),
    });
    expect(removed.status).toBe(200);
    expect(removed.html).not.toContain('value="Design"');
    expect(removed.html).toContain('value="Build"');
    expect(await invoice(id)).toMatchObject({ total_cents: 0 });

    const saved = await post(`/admin/invoices/${id}`, {
      intent: "save",
      title: "Website build",
      language: "en",
      ...line(0, "Design", "2", "1,500.50"),
      ...line(1, "Build", "1", "10 000", "0"),
    });
    expect(saved.status).toBe(302);
    // 2 × 1,500.50 = 3,001.00 at 16 % (480.16) + 10,000.00 at 0 %.
    expect(await invoice(id)).toMatchObject({
      subtotal_cents: 1_300_100,
      vat_cents: 48_016,
      total_cents: 1_348_116,
      status: "draft",
    });
    const page = text((await get(`/admin/invoices/${id}`)).html);
    expect(page).toContain("13,481.16");
  });

  it("refuses bad lines under their fields and keeps every typed value", async () => {
    const id = await newDraft();
    const answer = await post(`/admin/invoices/${id}`, {
      intent: "issue",
      title: "x".repeat(201),
      language: "en",
      due_date: "2026-02-30x",
      ...line(0, "", "0", "12,34,5", "101"),
      ...line(1, "Fine line", "1", "Ksh 500"),
    });
    expect(answer.status).toBe(400);
    const page = text(answer.html);
    expect(page).toContain("Describe the line");
    expect(page).toContain("Enter a whole number from 1 to 10,000.");
    expect(page).toContain("Enter an amount in shillings like 1,500 or 1500.50");
    expect(page).toContain("Enter a rate from 0 to 100, like 16.");
    expect(page).toContain("Enter a date as YYYY-MM-DD.");
    expect(answer.html).toContain('value="12,34,5"');
    expect(answer.html).toContain('value="Ksh 500"');
    expect(await invoice(id)).toMatchObject({ status: "draft", number: null });
  });

  it("is issued with the year's next number, said in the confirmation", async () => {
    const id = await newDraft();
    const answer = await post(`/admin/invoices/${id}`, {
      intent: "issue",
      title: "Retainer",
      language: "en",
      ...line(0, "Retainer", "1", "25,000"),
    });
    expect(answer.status).toBe(302);
    const row = await invoice(id);
    expect(row.number).toMatch(/^JD-\d{4}-\d{4}$/);
    expect(row).toMatchObject({
      status: "issued",
      total_cents: 2_900_000,
      buyer_kra_pin: "A012345678B",
    });
    const page = text((await follow(answer)).html);
    expect(page).toContain(`Issued as ${row.number}`);
    // Issued: frozen; a second issue of the same id is refused as a page, not a 500.
    const again = await post(`/admin/invoices/${id}`, { intent: "issue" });
    expect(again.status).toBe(400);
  });

  it("is mailed with its PDF to the client's people, in the invoice's language", async () => {
    const organisation = await addClient(site, "Mvuli Logistics");
    const email = `owner-${Date.now()}@example.com`;
    const owner = await site.service.auth.admin.createUser({
      email,
      password: "owner-password-1",
      email_confirm: true,
    });
    await site.service
      .from("organisation_members")
      .insert({ organisation_id: organisation, user_id: owner.data.user?.id, role: "owner" });
    const id = await newDraft("Hébergement 2027", organisation);
    const answer = await post(`/admin/invoices/${id}`, {
      intent: "issue",
      title: "Hébergement 2027",
      language: "fr",
      ...line(0, "Hébergement", "1", "12,000"),
    });
    expect(answer.status).toBe(302);
    const { number } = await invoice(id);
    expect(text((await follow(answer)).html)).toContain(
      `Issued as ${number}; its mail with the PDF is on its way to the client`,
    );
    const mail = await mailTo(email);
    expect(mail.subject).toBe(`Facture ${number} de Jenga Digital`);
    // Not the deposit's "thank you for accepting our quote".
    expect(mail.text).toContain(`Jenga Digital a émis la facture ${number}`);
    expect(mail.text).not.toContain("devis");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${number}.pdf`, "application/pdf"],
    ]);
  });

  it("refuses to issue a draft without lines", async () => {
    const id = await newDraft();
    const answer = await post(`/admin/invoices/${id}`, { intent: "issue", language: "en" });
    expect(answer.status).toBe(422);
    expect(text(answer.html)).toContain("Add at least one line and save before issuing.");
  });
});

describe("an issued invoice", () => {
  it("has a PDF", async () => {
    const { id } = await issuedInvoice();
    const pdf = await fetch(`${site.url}/admin/invoices/${id}/pdf`, {
      headers: { cookie: billing.admin },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("is voided when unpaid", async () => {
    const { id } = await issuedInvoice();
    const voided = await post(`/admin/invoices/${id}`, {
      intent: "void",
      void_reason: "Sent twice",
    });
    expect(voided.status).toBe(302);
    expect(await invoice(id)).toMatchObject({ status: "void", void_reason: "Sent twice" });
  });

  it("is not voided once paid, and says why", async () => {
    const { id } = await issuedInvoice();
    const { data: payment, error } = await site.service
      .from("payments")
      .insert({
        organisation_id: client,
        method: "bank",
        amount_cents: 10_000,
        verified_at: new Date().toISOString(),
      })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    const allocated = await site.service.from("payment_allocations").insert({
      payment_id: payment.id,
      invoice_id: id,
      organisation_id: client,
      amount_cents: 10_000,
    });
    expect(allocated.error).toBeNull();
    const refused = await post(`/admin/invoices/${id}`, { intent: "void", void_reason: "" });
    expect(refused.status).toBe(422);
    expect(text(refused.html)).toContain("This invoice has payments, so it cannot be voided");
    expect(await invoice(id)).toMatchObject({ status: "partly_paid" });
    // The payment is listed on the invoice, its method in the admin's words.
    const shown = text((await get(`/admin/invoices/${id}`)).html);
    expect(shown).toContain("Bank transfer");
    expect(shown).toContain("Partly paid");
  });

  it("is corrected by a credit note drafted for it", async () => {
    const { id, number } = await issuedInvoice("2,000");
    const answer = await post(`/admin/invoices/${id}`, { intent: "credit_note" });
    expect(answer.status).toBe(302);
    const note = Number(/(\d+)$/.exec(answer.location ?? "")?.[1]);
    expect(await invoice(note)).toMatchObject({
      kind: "credit_note",
      credits_invoice_id: id,
      status: "draft",
    });
    const issued = await post(`/admin/invoices/${note}`, {
      intent: "issue",
      language: "en",
      ...line(0, "Discount agreed", "1", "500", "16"),
    });
    expect(issued.status).toBe(302);
    expect(String((await invoice(note)).number)).toMatch(/^JD-CN-\d{4}-\d{4}$/);
    expect(await invoice(id)).toMatchObject({ credited_cents: 58_000, status: "partly_paid" });
    expect(text((await get(`/admin/invoices/${note}`)).html)).toContain(`Corrects ${number}`);
  });
});

describe("unknown ids and hostile input", () => {
  it("answers 404 for invoices and clients nobody has", async () => {
    for (const path of [
      "/admin/invoices/999999",
      "/admin/invoices/abc",
      "/admin/invoices/99999999999999999999",
      "/admin/invoices/999999.pdf",
      "/admin/clients/00000000-0000-4000-8000-00000000c11e/invoices/new",
      "/admin/clients/not-a-uuid/invoices/new",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await post("/admin/invoices/999999", { intent: "save" })).status).toBe(404);
  });

  it("never answers a 500 to odd forms", async () => {
    const id = await newDraft();
    const odd: Record<string, string>[] = [
      { intent: "remove-999" },
      { intent: "drop table" },
      {
        intent: "save",
        l0_description: "x".repeat(5000),
        l0_quantity: "1e3",
        l0_unit_price: "NaN",
        l0_vat_rate: "-1",
      },
      { intent: "save", language: "de" },
      { intent: "save", l250_description: "too far" },
    ];
    for (const fields of odd) {
      const answer = await post(`/admin/invoices/${id}`, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeLessThan(500);
    }
  });
});

/** The first mail to `email` in the site's local mailbox, waiting for the outbox to send it. */
async function mailTo(email: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`${site.backendUrl}/mailbox/messages.json`)).json()) as {
      to: string;
      subject: string;
      text: string;
      attachments: { filename: string; contentType: string }[];
    }[];
    const mail = mails.find((m) => m.to === email);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
