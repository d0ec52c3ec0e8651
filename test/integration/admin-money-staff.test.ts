/**
 * Agency staff and the money of the clients they are assigned to (issues 41 and 43), through a
 * production site as a browser without JavaScript: /admin/quotes, /admin/invoices (its CSV, an
 * invoice's page and PDF) and /admin/payments show a staff member their clients' documents and
 * payments only — another client's invoice or quote is not found — and the navigation offers
 * those pages only (their dashboard links there; a client's name is not a link to the admins'
 * client page); staff draft an invoice for their client and save its lines, but record,
 * assign or verify no money, and the billing settings, clients and people stay the admins'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughForm } from "../support/site";
import {
  addClient,
  type BillingSite,
  line,
  pages,
  startBillingSite,
  text,
} from "./admin-invoices-support";

let billing: BillingSite;
/** B: a client the staff member is not assigned to. */
let otherClient: string;
let staff: string;
const { get, post, issuedInvoice, newDraft, invoice } = pages(() => billing);

const mine: { invoice?: { id: number; number: string }; quote?: number } = {};
const theirs: { invoice?: { id: number; number: string }; quote?: number } = {};

async function quoteFor(organisation: string, title: string): Promise<number> {
  const { data, error } = await billing.site.service
    .from("quotes")
    .insert({ organisation_id: organisation, title, valid_until: "2099-01-01" })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

beforeAll(async () => {
  billing = await startBillingSite("Assigned Traders");
  otherClient = await addClient(billing.site, "Unassigned Holdings");
  const { service } = billing.site;
  const person = { email: `staff-${Date.now()}@example.com`, password: "staff-password-1234" };
  const made = await service.auth.admin.createUser({
    ...person,
    email_confirm: true,
    user_metadata: { full_name: "Juma Staff", onboarded: true },
  });
  if (made.error) throw new Error(made.error.message);
  const personId = made.data.user.id;
  await service.from("agency_roles").insert({ user_id: personId, role: "staff" });
  await service
    .from("staff_assignments")
    .insert({ organisation_id: billing.client, user_id: personId });
  staff = await signInThroughForm(billing.site.url, person);
  mine.invoice = await issuedInvoice("1,000");
  theirs.invoice = await issuedInvoice("2,000", {}, otherClient);
  mine.quote = await quoteFor(billing.client, "Assigned shop redesign");
  theirs.quote = await quoteFor(otherClient, "Unassigned logo");
  // A bank payment each, applied to each invoice (recorded by the admin).
  for (const [client, number] of [
    [billing.client, mine.invoice.number],
    [otherClient, theirs.invoice.number],
  ] as const) {
    const recorded = await post("/admin/payments", {
      intent: "record",
      method: "bank",
      amount: "100",
      client,
      received_on: "2026-11-02",
      note: `EFT for ${number}`,
      invoice_number: number,
    });
    expect(recorded.status).toBe(302);
  }
}, 180_000);

afterAll(async () => billing?.site.stop());

describe("staff assigned to a client", () => {
  it("see that client's invoices, its CSV rows, its invoice and PDF; another client's is not found", async () => {
    const list = await get("/admin/invoices", staff);
    expect(list.status).toBe(200);
    const words = text(list.html);
    expect(words).toContain(mine.invoice?.number);
    expect(words).not.toContain(theirs.invoice?.number);
    // A new invoice starts from the list, for their client only.
    expect(list.html).toContain(`href="/admin/clients/${billing.client}/invoices/new"`);
    expect(list.html).not.toContain(`href="/admin/clients/${otherClient}/invoices/new"`);
    const csv = await get("/admin/invoices.csv", staff);
    expect(csv.status).toBe(200);
    expect(csv.html).toContain(mine.invoice?.number);
    expect(csv.html).not.toContain(theirs.invoice?.number);
    const issued = await get(`/admin/invoices/${mine.invoice?.id}`, staff);
    expect(issued.status).toBe(200);
    // The client is named, not linked: its page is the admins'.
    expect(text(issued.html)).toContain("Assigned Traders");
    expect(issued.html).not.toContain(`href="/admin/clients/${billing.client}"`);
    expect((await get(`/admin/invoices/${mine.invoice?.id}`)).html).toContain(
      `href="/admin/clients/${billing.client}"`,
    );
    const pdf = await get(`/admin/invoices/${mine.invoice?.id}/pdf`, staff);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers.get("content-type")).toContain("application/pdf");
    expect((await get(`/admin/invoices/${theirs.invoice?.id}`, staff)).status).toBe(404);
    expect((await get(`/admin/invoices/${theirs.invoice?.id}/pdf`, staff)).status).toBe(404);
  });

  it("see that client's quotes only", async () => {
    const list = text((await get("/admin/quotes", staff)).html);
    expect(list).toContain("Assigned shop redesign");
    expect(list).not.toContain("Unassigned logo");
    expect((await get(`/admin/quotes/${mine.quote}`, staff)).status).toBe(200);
    expect((await get(`/admin/quotes/${theirs.quote}`, staff)).status).toBe(404);
  });

  it("read that client's payments, and handle no money by hand", async () => {
    const page = await get("/admin/payments", staff);
    expect(page.status).toBe(200);
    const words = text(page.html);
    expect(words).toContain("Assigned Traders");
    expect(words).toContain(mine.invoice?.number);
    expect(words).not.toContain("Unassigned Holdings");
    expect(words).not.toContain(theirs.invoice?.number);
    expect(page.html).not.toContain('value="record"');
    expect(page.html).not.toContain('value="assign"');
    // The admin's page has both forms.
    expect((await get("/admin/payments")).html).toContain('value="record"');
    const paidBefore = (await invoice(mine.invoice?.id as number)).paid_cents;
    const recorded = await post(
      "/admin/payments",
      {
        intent: "record",
        method: "cash",
        amount: "50",
        client: billing.client,
        received_on: "2026-11-02",
        invoice_number: mine.invoice?.number as string,
      },
      staff,
    );
    expect(recorded.status).toBe(404);
    expect((await invoice(mine.invoice?.id as number)).paid_cents).toBe(paidBefore);
  });

  it("draft an invoice for that client and save its lines; not for another client", async () => {
    const created = await post(
      `/admin/clients/${billing.client}/invoices/new`,
      { title: "Support" },
      staff,
    );
    expect(created.status).toBe(302);
    const id = Number(/^\/admin\/invoices\/(\d+)$/.exec(created.location ?? "")?.[1]);
    const saved = await post(
      `/admin/invoices/${id}`,
      {
        intent: "save",
        title: "Support",
        language: "en",
        ...line(0, "Support hours", "3", "1,500"),
        ...line(1, "Travel", "1", "500"),
      },
      staff,
    );
    expect(saved.status).toBe(302);
    expect(await invoice(id)).toMatchObject({ subtotal_cents: 500_000, total_cents: 580_000 });
    // Saved again with one line: the lines are replaced, not added to.
    await post(
      `/admin/invoices/${id}`,
      {
        intent: "save",
        title: "Support",
        language: "en",
        ...line(0, "Support hours", "1", "1,000"),
      },
      staff,
    );
    expect(await invoice(id)).toMatchObject({ subtotal_cents: 100_000 });
    // So does the draft.
    const draft = await get(`/admin/invoices/${id}`, staff);
    expect(text(draft.html)).toContain("Assigned Traders");
    expect(draft.html).not.toContain(`href="/admin/clients/${billing.client}"`);
    expect((await get(`/admin/quotes/${mine.quote}`, staff)).html).not.toContain(
      `href="/admin/clients/${billing.client}"`,
    );
    const refused = await post(
      `/admin/clients/${otherClient}/invoices/new`,
      { title: "Support" },
      staff,
    );
    expect(refused.status).toBe(404);
    // The admin's draft of the other client stays out of reach.
    const theirDraft = await newDraft("Hosting", otherClient);
    expect((await get(`/admin/invoices/${theirDraft}`, staff)).status).toBe(404);
  });

  it("are offered quotes, invoices and payments in the navigation, and kept out of the rest", async () => {
    const html = (await get("/admin/invoices", staff)).html;
    for (const page of ["/admin/quotes", "/admin/invoices", "/admin/payments"]) {
      expect(html).toContain(`href="${page}"`);
    }
    for (const page of ["/admin/billing", "/admin/people", "/admin/clients", "/admin/services"]) {
      expect(html).not.toContain(`href="${page}"`);
      const answer = await get(page, staff);
      expect(answer.status, page).toBe(302);
      expect(answer.response.headers.get("location"), page).toBe("/");
    }
    // Their dashboard leads there.
    expect((await get("/dashboard", staff)).html).toContain('href="/admin/invoices"');
    expect((await get("/dashboard")).html).not.toContain("Your clients&#x27; quotes");
    // The admin's navigation is whole.
    expect((await get("/admin/invoices")).html).toContain('href="/admin/billing"');
  });
});
