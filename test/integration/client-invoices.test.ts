/**
 * The client's invoices through the production server and its Daraja stand-in (issue 43, items
 * 3 and 4): the list and the invoice's page for the organisation's people, another client's
 * invoice answered 404 (page, PDF and payment), the PDF as a download, the M-Pesa Express form's
 * answers (a mistyped phone next to its field with what was typed, the phone's limit with the
 * real wait), and prompts whose outcome the stand-in was told: the waiting page ("Check again",
 * a meta refresh once asked for) until the check job resolves them — cancelled, or paid with the receipt and
 * the balance left. Every page in valid HTML.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyToday } from "~/domain/billing/invoice-document.server";
import { type HtmlError, validateHtml } from "../support/html-validator";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

let site: TestSite;
let cookie: string;
let orgA: string;
let orgB: string;
const invoices: Record<
  "fixed" | "limit" | "cancelled" | "paid" | "other",
  { id: number; number: string }
> = {} as never;
const documents = new Map<string, string>();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" } as const;

async function send(path: string, body?: Record<string, string>) {
  return fetch(`${site.url}${path}`, {
    method: body ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: site.url, ...(body ? FORM : {}) },
    body: body ? new URLSearchParams(body) : undefined,
  });
}

async function organisation(name: string) {
  const { data } = await site.service.from("organisations").insert({ name }).select("id").single();
  return data?.id as string;
}

/** An issued invoice of `organisationId`: KES 10,000.43 + 16 % VAT (KES 1,600.07) = KES 11,600.50. */
async function issuedInvoice(organisationId: string) {
  const { data } = await site.service
    .from("invoices")
    .insert({ organisation_id: organisationId, title: "Website" })
    .select("id")
    .single();
  const id = data?.id as number;
  const lines = await site.service.from("invoice_lines").insert([
    {
      invoice_id: id,
      description: "Design",
      quantity: 1,
      unit_price_cents: 1_000_000,
      vat_rate_bp: 1600,
    },
    {
      invoice_id: id,
      description: "Rounding",
      quantity: 1,
      unit_price_cents: 43,
      vat_rate_bp: 1600,
    },
  ]);
  if (lines.error) throw new Error(lines.error.message);
  const issued = await site.service.rpc("issue_invoice", { p_invoice: id, p_today: agencyToday() });
  if (issued.error) throw new Error(issued.error.message);
  return { id, number: issued.data as string };
}

/** A page holds `text` (or matches `pattern`); a failure names what is missing, not the page. */
function has(html: string, text: string | RegExp) {
  const found = typeof text === "string" ? html.includes(text) : text.test(html);
  expect(found, `the page shows ${String(text)}`).toBe(true);
}

function lacks(html: string, text: string) {
  expect(html.includes(text), `the page does not show ${text}`).toBe(false);
}

/** The stand-in's answer to the next prompt to `phone`, after `delayMs`. */
async function plan(phone: string, resultCode: number, delayMs: number) {
  const response = await fetch(`${site.darajaUrl}/__standin/next`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phone, resultCode, delayMs }),
  });
  expect(response.ok).toBe(true);
}

/** The payment's page once it shows `kind` (the check job has resolved it), within 20 s. */
async function outcome(location: string, kind: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const html = await (await send(location)).text();
    const shown = /data-outcome="([^"]*)"/.exec(html)?.[1];
    if (shown === kind) return html;
    if (Date.now() > deadline) throw new Error(`the payment page still shows ${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const base = () => `/organisations/${orgA}/invoices`;

beforeAll(async () => {
  site = await startTestSite();
  orgA = await organisation("Savanna Traders");
  orgB = await organisation("Other Client Ltd");
  const email = `client-invoices-${Date.now()}@example.com`;
  const password = "user-password-123";
  const created = await site.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true, phone: "0712 345 678" },
  });
  await site.service
    .from("organisation_members")
    .insert({ organisation_id: orgA, user_id: created.data.user?.id, role: "owner" });
  for (const name of ["fixed", "limit", "cancelled", "paid"] as const) {
    invoices[name] = await issuedInvoice(orgA);
  }
  invoices.other = await issuedInvoice(orgB);
  cookie = await signInThroughForm(site.url, { email, password });
}, 120_000);

afterAll(() => site?.stop());

describe("the client's invoices", () => {
  it("lists the organisation's invoices with their amounts and status, privately", async () => {
    const response = await send(base());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    documents.set("list", html);
    has(html, invoices.fixed.number);
    has(html, `href="${base()}/${invoices.fixed.id}"`);
    has(html, /Ksh\s11,600\.50/);
    has(html, "Issued");
    lacks(html, invoices.other.number);
    const organisationPage = await (await send(`/organisations/${orgA}`)).text();
    has(organisationPage, /Invoices \(4 to pay\)/);
    const dashboard = await (await send("/dashboard")).text();
    has(dashboard, `href="/organisations/${orgA}/invoices"`);
    has(dashboard, ">Invoices (4 to pay)</a>");
  });

  it("shows an invoice like its PDF, with the M-Pesa form prefilled from the profile", async () => {
    const response = await send(`${base()}/${invoices.fixed.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    documents.set("invoice", html);
    has(html, "Tax invoice");
    has(html, "Savanna Traders");
    has(html, "KRA PIN: not given");
    has(html, /VAT at 16%\son Ksh\s10,000\.43/);
    has(html, /Pay by M-Pesa: Paybill \d+, account JD-/);
    has(html, `href="${base()}/${invoices.fixed.id}/pdf"`);
    has(html, 'value="0712 345 678"');
    // The balance rounded up to the shilling: Ksh 11,600.50 → 11,601.
    has(html, 'value="11601"');
  });

  it("answers another client's invoice, its PDF and its payment with 404", async () => {
    const other = invoices.other.id;
    expect((await send(`${base()}/${other}`)).status).toBe(404);
    expect((await send(`${base()}/${other}/pdf`)).status).toBe(404);
    expect((await send(`${base()}/${other}`, { phone: "0712345678", amount: "1" })).status).toBe(
      404,
    );
    expect((await send(`/organisations/${orgB}/invoices/${other}`)).status).toBe(404);
    expect((await send(`/organisations/${orgB}/invoices`)).status).toBe(404);
    expect((await send(`${base()}/not-a-number`)).status).toBe(404);
    expect(await site.countRows("mpesa_pushes")).toBe(0);
  });

  it("downloads the invoice's PDF under its number, never stored", async () => {
    const response = await send(`${base()}/${invoices.fixed.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${invoices.fixed.number}.pdf"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("keeps a mistyped phone with its error next to the field", async () => {
    const path = `${base()}/${invoices.fixed.id}`;
    const response = await send(path, { phone: "0722 OOO 333", amount: "11601" });
    expect(response.status).toBe(400);
    const html = await response.text();
    documents.set("phone error", html);
    has(html, "There is a problem");
    has(html, "Enter a Kenyan mobile number, such as 0712 345 678.");
    has(html, 'value="0722 OOO 333"');
    has(html, /<title>Error: /);
    // A fraction of a shilling (M-Pesa takes whole shillings): under the amount, typed kept.
    const fraction = await send(path, { phone: "0712 345 678", amount: "1 500,50" });
    expect(fraction.status).toBe(400);
    const fractionPage = await fraction.text();
    has(fractionPage, "Enter a whole number of shillings, from KES 1 up to the balance.");
    has(fractionPage, 'value="1 500,50"');
    has(fractionPage, 'value="0712 345 678"');
    const landline = await (await send(path, { phone: "020 222 3333", amount: "11601" })).text();
    has(landline, "This is a landline number.");
    expect(await site.countRows("mpesa_pushes")).toBe(0);
  });

  it("says how long to wait once a phone had its three prompts", async () => {
    const phone = "254711000111";
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    const seeded = await site.service.from("mpesa_pushes").insert(
      [0, 1, 2].map(() => ({
        invoice_id: invoices.other.id,
        organisation_id: orgB,
        phone,
        amount_cents: 100,
        account_reference: "JDSEED",
        status: "failed",
        created_at: threeMinutesAgo,
      })),
    );
    expect(seeded.error).toBeNull();
    const response = await send(`${base()}/${invoices.limit.id}`, {
      phone: "0711 000 111",
      amount: "11601",
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(6 * 60);
    const html = await response.text();
    documents.set("phone limit", html);
    has(html, "Try again in 7 minutes");
    has(html, 'value="0711 000 111"');
  });

  it("sends a prompt through the stand-in, waits, then says it was cancelled", async () => {
    const phone = "254722000333";
    await plan(phone, 1032, 1_500);
    const asked = await send(`${base()}/${invoices.cancelled.id}`, {
      phone: "+254 722 000 333",
      amount: "11601",
    });
    expect(asked.status).toBe(303);
    const location = asked.headers.get("Location") ?? "";
    expect(location).toMatch(new RegExp(`^/organisations/${orgA}/payments/\\d+$`));
    const pushes = await (await fetch(`${site.darajaUrl}/__standin/pushes`)).json();
    expect(pushes[0].request).toMatchObject({ phone, amount: 11601 });
    const waiting = await send(location);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await waiting.text();
    documents.set("waiting", html);
    has(html, "Check your phone and enter your M-Pesa PIN");
    has(html, /<form(?=[^>]*method="get")(?=[^>]*action="[^"]*\/payments\/\d+")/);
    has(html, ">Check again</button>");
    // No reload the payer did not ask for (WCAG 2.2.1); asked for, every 5 seconds.
    lacks(html, 'http-equiv="refresh"');
    has(html, `href="${location}?auto=1"`);
    const auto = await (await send(`${location}?auto=1`)).text();
    documents.set("waiting, checking automatically", auto);
    has(auto, '<meta http-equiv="refresh" content="5"/>');
    has(auto, `href="${location}"`);
    has(auto, ">Stop checking automatically</a>");
    // The stand-in answers "cancelled"; the check job asks STK Push Query and resolves the push.
    const cancelled = await outcome(location, "cancelled");
    documents.set("cancelled", cancelled);
    has(cancelled, "The payment was cancelled on the phone.");
    has(cancelled, ">Try again</a>");
    has(cancelled, `href="${base()}/${invoices.cancelled.id}"`);
    lacks(cancelled, 'http-equiv="refresh"');
    const french = await (await send(`/fr${location}`)).text();
    has(french, "Le paiement a été annulé sur le téléphone.");
    has(french, ">Réessayer</a>");
  });

  it("shows a paid push with its receipt and the balance left once M-Pesa confirms it", async () => {
    const phone = "254733000444";
    await plan(phone, 0, 1_000);
    const asked = await send(`${base()}/${invoices.paid.id}`, {
      phone: "0733 000 444",
      amount: "11601",
    });
    expect(asked.status).toBe(303);
    const location = asked.headers.get("Location") ?? "";
    // Asked again while the prompt waits: the same payment's page, no second prompt.
    const again = await send(`${base()}/${invoices.paid.id}`, {
      phone: "0733 000 444",
      amount: "11601",
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(location);
    const paid = await outcome(location, "paid");
    documents.set("paid", paid);
    has(paid, "Payment received.");
    has(paid, /M-Pesa receipt: [A-Z0-9]{10}/);
    has(paid, /Balance left on this invoice: Ksh\s0\.00/);
    lacks(paid, ">Try again</a>");
    const invoice = await (await send(`${base()}/${invoices.paid.id}`)).text();
    has(invoice, ">Paid<");
    lacks(invoice, ">Pay with M-Pesa Express</h2>");
  });

  it("answers every page in valid HTML", { timeout: 120_000 }, async () => {
    const errors: HtmlError[] = await validateHtml(documents);
    expect(documents.size).toBeGreaterThanOrEqual(5);
    expect(errors.map((e) => `${e.document}:${e.line}: ${e.message} ${e.extract ?? ""}`)).toEqual(
      [],
    );
  });
});
