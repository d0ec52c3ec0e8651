/**
 * Helpers of the payment specs: a phone number per run, the outcome of an M-Pesa prompt on the
 * site's waiting page, an invoice mail's PDF, and the accountant's CSV read in integer cents.
 */
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { DARAJA_URL } from "../../../playwright.config";
import { serviceClient } from "./backend";
import type { Mail } from "./mailbox";

/** A Safaricom number of this run (three prompts per phone in ten minutes), typed and as sent. */
export function runPhone() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { typed: `0713 ${digits.slice(0, 3)} ${digits.slice(3)}`, msisdn: `254713${digits}` };
}

/**
 * Issues an invoice of KES 5,000 + 16 % VAT = KES 5,800 ("Logo design") to the organisation
 * `organisationId`, dated today in Nairobi; its id and number.
 */
export async function issuedLogoInvoice(organisationId: string) {
  const service = await serviceClient();
  const { data: invoice } = await service
    .from("invoices")
    .insert({ organisation_id: organisationId, title: "Logo" })
    .select("id")
    .single();
  await service.from("invoice_lines").insert({
    invoice_id: invoice?.id,
    description: "Logo design",
    quantity: 1,
    unit_price_cents: 500_000,
    vat_rate_bp: 1600,
  });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(new Date());
  const issued = await service.rpc("issue_invoice", { p_invoice: invoice?.id, p_today: today });
  if (issued.error) throw new Error(issued.error.message);
  return { invoice: invoice?.id as number, number: issued.data as string };
}

/**
 * The customer answers the M-Pesa prompt sent to `msisdn` on the stand-in's phone page, opened in
 * `context` (the customer's own device): "Enter PIN" or "Cancel". The prompt shows `text` first
 * when given. Returns once the stand-in took the answer (the page is back without that prompt).
 *
 * The phone page stays open: closing a page whose form POST was still redirecting once hung
 * Chromium's page.close() for the whole test timeout (a fresh-clone CI run, and 1 in 4 runs of
 * the money walk here); the context closes it with the test.
 */
export async function answerPrompt(
  context: BrowserContext,
  msisdn: string,
  answer: "Enter PIN" | "Cancel",
  text?: string,
) {
  const handset = await context.newPage();
  await handset.goto(`${DARAJA_URL}/phone`);
  const button = handset.getByRole("button", { name: answer });
  // The prompt waiting for an answer (the list of results names the phone too, without buttons).
  const prompt = handset.getByRole("listitem").filter({ hasText: msisdn }).filter({ has: button });
  if (text) await expect(prompt).toContainText(text);
  await prompt.getByRole("button", { name: answer }).click();
  await expect(prompt).toHaveCount(0);
}

/**
 * Waits on the waiting page for the outcome heading `outcome`: the page checks by itself with
 * JavaScript; without it, the person presses "Check again" (`checkAgain`, in the page's language).
 */
export async function outcomeShown(
  page: Page,
  { outcome, checkAgain, js }: { outcome: string; checkAgain: string; js: boolean },
) {
  const heading = page.getByRole("heading", { name: outcome });
  if (js) {
    await expect(heading).toBeVisible({ timeout: 20_000 });
    return;
  }
  await expect(async () => {
    await page.getByRole("button", { name: checkAgain }).click();
    await expect(heading).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The bytes of the PDF attached to `mail` as `<number>.pdf`. */
export async function pdfOfMail(mail: Mail, number: string): Promise<Buffer> {
  const attachment = mail.attachments.find((a) => a.filename === `${number}.pdf`);
  expect(attachment, `${number}.pdf attached`).toBeDefined();
  expect(attachment?.contentType).toBe("application/pdf");
  const response = await fetch(attachment?.url ?? "");
  expect(response.ok).toBe(true);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.length).toBe(attachment?.size);
  return bytes;
}

/** An exact decimal of the CSV ("56840.00", "-12.5") in integer cents; never a float. */
export function centsOf(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** A CSV (RFC 4180: quoted fields, doubled quotes) as records keyed by its header. */
export function csvRows(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  const [header = [], ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
