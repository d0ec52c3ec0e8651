/**
 * /admin/invoices and its CSV on the production server (issue 43): invoices issued through the
 * pages, some paid in part, one past due (its due date typed in the past), one void; the list's
 * filters (status with overdue, client, year), the outstanding total and its ageing, and the
 * accountant's CSV whose columns, read as exact decimals, add up to what the page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addClient,
  type BillingSite,
  pages,
  startBillingSite,
  text,
} from "./admin-invoices-support";

let billing: BillingSite;
let other: string;
const { get, post, issuedInvoice } = pages(() => billing);
type Issued = { id: number; number: string };
const issued = {} as Record<"paidPart" | "overdue" | "voided" | "otherClient", Issued>;

/** Cents of an exact decimal text ("1500.50"), integers only. */
const cents = (decimal: string) => {
  const [whole = "0", fraction = "00"] = decimal.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

/** The outstanding total the page shows (en: "Ksh 1,160.00") as cents. */
const outstanding = (html: string) => {
  const match = /data-testid="outstanding"[^>]*>([^<]+)</.exec(html);
  return cents((match?.[1] ?? "").replace(/[^\d.]/g, ""));
};

/**
 * An invoice issued last year and due on 1 January (nobody can back-date one through the site:
 * issue_invoice takes today only), written as the service role with its totals: 2,000.50 at 16 %.
 */
async function pastInvoice(): Promise<Issued> {
  const number = `JD-2025-${String(Date.now() % 10_000).padStart(4, "0")}`;
  const { data, error } = await billing.site.service
    .from("invoices")
    .insert({
      organisation_id: billing.client,
      number,
      number_year: 2025,
      number_seq: Date.now() % 10_000,
      status: "issued",
      title: "Old work",
      issue_date: "2025-12-01",
      due_date: "2026-01-01",
      issued_at: "2025-12-01T09:00:00Z",
      buyer_name: "Amani Studio",
      subtotal_cents: 200_050,
      vat_cents: 32_008,
      total_cents: 232_058,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return { id: data.id, number };
}

beforeAll(async () => {
  billing = await startBillingSite("Amani Studio");
  other = await addClient(billing.site, "Zawadi Foods");
  issued.paidPart = await issuedInvoice("1,000");
  issued.overdue = await pastInvoice();
  issued.voided = await issuedInvoice("500");
  issued.otherClient = await issuedInvoice("300", {}, other);
  const { data: payment } = await billing.site.service
    .from("payments")
    .insert({
      organisation_id: billing.client,
      method: "cash",
      amount_cents: 40_000,
      verified_at: new Date().toISOString(),
    })
    .select("id")
    .single();
  await billing.site.service.from("payment_allocations").insert({
    payment_id: payment?.id,
    invoice_id: issued.paidPart.id,
    organisation_id: billing.client,
    amount_cents: 40_000,
  });
  await post(`/admin/invoices/${issued.voided.id}`, { intent: "void", void_reason: "Duplicate" });
}, 120_000);
afterAll(async () => billing?.site.stop());

describe("the invoices list", () => {
  it("shows every invoice with its status, the outstanding total and its ageing", async () => {
    const page = await get("/admin/invoices");
    expect(page.status).toBe(200);
    const words = text(page.html);
    for (const { number } of Object.values(issued)) expect(words).toContain(number);
    expect(words).toMatch(new RegExp(`${issued.overdue.number} .*Overdue`));
    // 1,160.00 − 400.00 + 2,320.58 + 348.00 (the void one owes nothing).
    expect(outstanding(page.html)).toBe(116_000 - 40_000 + 232_058 + 34_800);
  });

  it("filters by status (overdue included), client and year", async () => {
    const overdue = text((await get("/admin/invoices?status=overdue")).html);
    expect(overdue).toContain(issued.overdue.number);
    expect(overdue).not.toContain(issued.paidPart.number);
    const voided = text((await get("/admin/invoices?status=void")).html);
    expect(voided).toContain(issued.voided.number);
    expect(voided).not.toContain(issued.overdue.number);
    const theirs = text((await get(`/admin/invoices?client=${other}`)).html);
    expect(theirs).toContain(issued.otherClient.number);
    expect(theirs).not.toContain(issued.paidPart.number);
    const year = issued.paidPart.number.slice(3, 7);
    expect(text((await get(`/admin/invoices?year=${year}`)).html)).toContain(
      issued.paidPart.number,
    );
    expect(text((await get("/admin/invoices?year=2001")).html)).not.toContain(
      issued.paidPart.number,
    );
    const odd = await get("/admin/invoices?status=%27;drop&client=x&year=99999");
    expect(odd.status).toBe(200);
    expect(text(odd.html)).toContain("That filter is not one of the choices");
  });

  it("puts the overdue balance in its ageing bucket", async () => {
    const page = await get(`/admin/invoices?client=${billing.client}`);
    const buckets = [...page.html.matchAll(/data-bucket="(\w+)"[\s\S]*?<dd[^>]*>([^<]+)<\/dd>/g)];
    const byBucket = Object.fromEntries(
      buckets.map(([, b, v]) => [b, cents((v ?? "").replace(/[^\d.]/g, ""))]),
    );
    const pastDays = Math.round((Date.now() - Date.UTC(2026, 0, 1)) / 86_400_000);
    const bucket = pastDays > 90 ? "days90plus" : pastDays > 60 ? "days61to90" : "days31to60";
    expect(byBucket[bucket]).toBe(232_058);
    expect(byBucket.notDue).toBe(116_000 - 40_000);
  });
});

describe("the accountant's CSV", () => {
  it("has the columns, exact decimals, and adds up to the page's totals", async () => {
    const response = await fetch(`${billing.site.url}/admin/invoices.csv`, {
      headers: { cookie: billing.admin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const csv = await response.text();
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header).toBe(
      "number,issue_date,due_date,client,client_kra_pin,net,vat,total,paid,credited,balance,status",
    );
    const rows = lines.map((line) => line.split(","));
    for (const row of rows) {
      for (const amount of row.slice(5, 11)) expect(amount).toMatch(/^\d+\.\d\d$/);
      const [net = 0, vat = 0, total = 0, paid = 0, credited = 0, balance = 0] = row
        .slice(5, 11)
        .map(cents);
      expect(net + vat).toBe(total);
      if (row[11] !== "void" && !row[11]?.startsWith("credit_note")) {
        expect(total - paid - credited).toBe(balance);
      }
    }
    const overdue = rows.find((row) => row[0] === issued.overdue.number);
    expect(overdue?.slice(5, 12)).toEqual([
      "2000.50",
      "320.08",
      "2320.58",
      "0.00",
      "0.00",
      "2320.58",
      "overdue",
    ]);
    const outstandingShown = outstanding((await get("/admin/invoices")).html);
    const balances = rows.reduce((sum, row) => sum + cents(row[10] ?? "0"), 0);
    expect(balances).toBe(outstandingShown);
  });
});
