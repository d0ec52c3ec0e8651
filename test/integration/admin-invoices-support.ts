/**
 * What the admin billing tests (admin-invoices*.test.ts) share: a production site with the
 * seeded administrator signed in and a client organisation, form posts and page reads as a
 * browser without JavaScript makes them, and drafts made and issued through the pages.
 */
import { expect } from "vitest";
import { FORM_HEADERS } from "../support/http-client";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

export interface BillingSite {
  site: TestSite;
  admin: string;
  client: string;
}

export async function startBillingSite(clientName = "Baraka Traders"): Promise<BillingSite> {
  const site = await startTestSite();
  const admin = await signInThroughForm(site.url);
  const client = await addClient(site, clientName);
  return { site, admin, client };
}

export async function addClient(site: TestSite, name: string): Promise<string> {
  const { data, error } = await site.service
    .from("organisations")
    .insert({ name: `${name} ${Date.now()}` })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

export function pages(b: () => BillingSite) {
  async function get(path: string, cookie = b().admin) {
    const response = await fetch(`${b().site.url}${path}`, {
      redirect: "manual",
      headers: { cookie },
    });
    return { status: response.status, response, html: await response.text() };
  }
  async function post(path: string, fields: Record<string, string>, cookie = b().admin) {
    const response = await fetch(`${b().site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM_HEADERS, cookie },
      body: new URLSearchParams(fields),
    });
    const html = await response.text();
    return { status: response.status, location: response.headers.get("location"), response, html };
  }
  /** The page a redirect leads to, with the flash toast its answer set. */
  async function follow(answer: { location: string | null; response: Response }) {
    const toast = answer.response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    return get(answer.location ?? "/", `${b().admin}; ${toast}`);
  }
  async function invoice(id: number) {
    const { data } = await b().site.service.from("invoices").select("*").eq("id", id).single();
    return data as Record<string, unknown>;
  }
  async function newDraft(title = "Website build", client = b().client): Promise<number> {
    const created = await post(`/admin/clients/${client}/invoices/new`, { title });
    expect(created.status).toBe(302);
    const id = Number(/^\/admin\/invoices\/(\d+)$/.exec(created.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    return id;
  }
  async function issuedInvoice(
    price = "1,000",
    extra: Record<string, string> = {},
    client = b().client,
  ): Promise<{ id: number; number: string }> {
    const id = await newDraft("Hosting", client);
    const issued = await post(`/admin/invoices/${id}`, {
      intent: "issue",
      title: "Hosting",
      language: "en",
      ...line(0, "Hosting for a year", "1", price),
      ...extra,
    });
    expect(issued.status).toBe(302);
    return { id, number: String((await invoice(id)).number) };
  }
  return { get, post, follow, invoice, newDraft, issuedInvoice };
}

export const line = (
  i: number,
  description: string,
  quantity: string,
  price: string,
  rate = "16",
) => ({
  [`l${i}_description`]: description,
  [`l${i}_quantity`]: quantity,
  [`l${i}_unit_price`]: price,
  [`l${i}_vat_rate`]: rate,
});

/** The text of a page without its markup (what a reader sees), spaces collapsed. */
export const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
