/**
 * The rest of the admin's view of a client's portal (issue 42 item 6, after
 * client-view.test.ts): the project's Files page, the organisation's invoices, one invoice with
 * its PDF, and a quote — each exactly what a member of that organisation reads there, without
 * their forms (upload, M-Pesa, accept or decline: the page says they have one), every post
 * answered 403 with nothing changed, every view in the audit log, and another organisation's
 * ids (or a draft) answered 404.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { agencyToday } from "~/domain/billing/invoice-document.server";
import * as memberInvoiceRoute from "~/routes/account/invoice";
import * as memberInvoicesRoute from "~/routes/account/invoices";
import * as memberFilesRoute from "~/routes/account/project-files";
import * as filesViewRoute from "~/routes/admin/client-files-view";
import * as invoicePdfViewRoute from "~/routes/admin/client-invoice-pdf-view";
import * as invoiceViewRoute from "~/routes/admin/client-invoice-view";
import * as invoicesViewRoute from "~/routes/admin/client-invoices-view";
import * as quoteViewRoute from "~/routes/admin/client-quote-view";
import { asResponse, settle } from "../support/answers";
import {
  adminUserId,
  backendWithAdmin,
  createUser,
  serviceClient,
  signInCookie,
} from "../support/backend";
import { clientWithProject } from "../support/portal";
import { quoteFlows } from "../support/quotes";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const flows = quoteFlows(site);
const view = {
  files: routed(filesViewRoute),
  invoices: routed(invoicesViewRoute),
  invoice: routed(invoiceViewRoute),
  pdf: routed(invoicePdfViewRoute),
  quote: routed(quoteViewRoute),
};
const member = {
  files: routed(memberFilesRoute),
  invoices: routed(memberInvoicesRoute),
  invoice: routed(memberInvoiceRoute),
};

type Params = Record<string, string>;
type Loaded = Record<string, unknown>;

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : (answer as { init?: { status?: number } }).init?.status;

/** A route's loader (or, with `fields`, its action) as `cookie` (the admin by default). */
function call(
  route: { loader?: unknown; action?: unknown },
  path: string,
  params: Params,
  { cookie = site.admin, fields }: { cookie?: string; fields?: Params } = {},
) {
  const handler = (fields ? route.action : route.loader) as (args: unknown) => unknown;
  const init = fields ? { ...formPost(fields), cookie } : { cookie };
  return settle(() => handler(argsWithParams(path, params, init)));
}

/** An issued invoice of `organisation` (KES 11,600: one line plus 16 % VAT), or a draft. */
async function invoiceOf(service: SupabaseClient, organisation: string, issue = true) {
  const { data } = await service
    .from("invoices")
    .insert({ organisation_id: organisation, title: "Website" })
    .select("id")
    .single();
  const id = data?.id as number;
  await service.from("invoice_lines").insert({
    invoice_id: id,
    description: "Design",
    quantity: 1,
    unit_price_cents: 1_000_000,
    vat_rate_bp: 1600,
  });
  if (!issue) return { id, number: "" };
  const issued = await service.rpc("issue_invoice", { p_invoice: id, p_today: agencyToday() });
  if (issued.error) throw new Error(issued.error.message);
  return { id, number: issued.data as string };
}

/** A client with a project, a member, two files (one each side) and an issued invoice. */
async function client(name: string) {
  const service = serviceClient(site.backend);
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  const person = await createUser(site.backend, {
    metadata: { full_name: "Amina Wanjiru", onboarded: true },
  });
  await service
    .from("organisation_members")
    .insert({ organisation_id: place.id, user_id: person.id, role: "member" });
  // One file from each side, stored first (the row names a stored object).
  const admin = await adminUserId(site.backend);
  for (const [file, by] of [
    ["brief.pdf", person.id],
    ["moodboard.png", admin],
  ] as const) {
    const path = `${place.id}/projects/${place.project}/${file}`;
    const type = file.endsWith(".png") ? "image/png" : "application/pdf";
    await service.storage.from("client-files").upload(path, Buffer.from("%PDF-1.4\n"), {
      contentType: type,
    });
    const stored = await service
      .from("project_files")
      .insert({ project_id: place.project, file_path: path, file_name: file, uploaded_by: by });
    if (stored.error) throw new Error(stored.error.message);
  }
  const invoice = await invoiceOf(service, place.id);
  const draft = await invoiceOf(service, place.id, false);
  return { ...place, cookie: await signInCookie(person.email), invoice, draft };
}

async function views(id: string) {
  const { data } = await serviceClient(site.backend)
    .from("audit_log")
    .select("summary")
    .eq("action", "client.viewed")
    .eq("target_id", id)
    .order("id");
  return (data ?? []).map((row) => row.summary);
}

const viewOf = (id: string) => `/admin/clients/${id}/view`;

describe("an admin's view of a client's Files, invoices and quotes", () => {
  it("shows the Files page, the invoices and an invoice as a member reads them, without their forms, and audits each", async () => {
    const savanna = await client("Savanna Coffee");
    const { id, project, invoice } = savanna;
    const files = (await call(view.files, `${viewOf(id)}/projects/${project}/files`, {
      id,
      projectId: String(project),
    })) as Loaded;
    const memberFiles = (await call(
      member.files,
      `/organisations/${id}/projects/${project}/files`,
      { organisationId: id, projectId: String(project) },
      { cookie: savanna.cookie },
    )) as Loaded;
    expect(files.files).toEqual(memberFiles.files);
    expect((files.files as { name: string }[]).map((f) => f.name).sort()).toEqual([
      "brief.pdf",
      "moodboard.png",
    ]);

    const list = (await call(view.invoices, `${viewOf(id)}/invoices`, { id })) as Loaded;
    const memberList = (await call(
      member.invoices,
      `/organisations/${id}/invoices`,
      { organisationId: id },
      { cookie: savanna.cookie },
    )) as Loaded;
    expect(list.invoices).toEqual(memberList.invoices);
    // Issued only: the draft is not on the member's list, nor on the view's.
    expect((list.invoices as { number: string }[]).map((row) => row.number)).toEqual([
      invoice.number,
    ]);

    const params = { id, invoiceId: String(invoice.id) };
    const one = (await call(
      view.invoice,
      `${viewOf(id)}/invoices/${invoice.id}`,
      params,
    )) as Loaded;
    const memberOne = (await call(
      member.invoice,
      `/organisations/${id}/invoices/${invoice.id}`,
      { organisationId: id, invoiceId: String(invoice.id) },
      { cookie: savanna.cookie },
    )) as Loaded;
    expect(one.document).toEqual(memberOne.document);
    expect(one.invoice).toEqual(memberOne.invoice);
    // The member has the M-Pesa form; the view says so instead and has none.
    expect(memberOne.pay).not.toBeNull();
    expect(one.payable).toBe(true);
    expect(one).not.toHaveProperty("pay");

    const pdf = asResponse(
      await call(view.pdf, `${viewOf(id)}/invoices/${invoice.id}/pdf`, params),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain(`${invoice.number}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    expect(await views(id)).toEqual([
      "Savanna Coffee — Website",
      "Savanna Coffee",
      "Savanna Coffee",
      "Savanna Coffee",
    ]);
  });

  it("is read-only: an upload, a payment or an answer posted to it answers 403 and changes nothing", async () => {
    const savanna = await client("Savanna Coffee Roasters");
    const { id, project, invoice } = savanna;
    const posts: [{ loader?: unknown; action?: unknown }, string, Params, Params][] = [
      [
        view.files,
        `${viewOf(id)}/projects/${project}/files`,
        { id, projectId: String(project) },
        { file: "brief-2.pdf" },
      ],
      [view.invoices, `${viewOf(id)}/invoices`, { id }, { intent: "pay" }],
      [
        view.invoice,
        `${viewOf(id)}/invoices/${invoice.id}`,
        { id, invoiceId: String(invoice.id) },
        { phone: "0712345678", amount: "100" },
      ],
    ];
    for (const [route, path, params, fields] of posts) {
      expect(statusOf(await call(route, path, params, { fields })), path).toBe(403);
    }
    const service = serviceClient(site.backend);
    const { count: files } = await service
      .from("project_files")
      .select("id", { count: "exact", head: true })
      .eq("project_id", project);
    expect(files).toBe(2);
    const { count: pushes } = await service
      .from("mpesa_pushes")
      .select("id", { count: "exact", head: true })
      .eq("invoice_id", invoice.id);
    expect(pushes).toBe(0);
  });

  it("answers 404 for another organisation's invoice or project, a draft and a made-up id", async () => {
    const savanna = await client("Savanna Coffee Growers");
    const other = await client("Kilimo Fresh");
    const { id } = savanna;
    const invoicePaths = [String(other.invoice.id), String(savanna.draft.id), "x1"];
    for (const invoiceId of invoicePaths) {
      const params = { id, invoiceId };
      const page = await call(view.invoice, `${viewOf(id)}/invoices/${invoiceId}`, params);
      expect(statusOf(page), invoiceId).toBe(404);
      const pdf = await call(view.pdf, `${viewOf(id)}/invoices/${invoiceId}/pdf`, params);
      expect(statusOf(pdf), invoiceId).toBe(404);
    }
    const files = await call(view.files, `${viewOf(id)}/projects/${other.project}/files`, {
      id,
      projectId: String(other.project),
    });
    expect(statusOf(files)).toBe(404);
    // A member of the client is no admin: the admin area sends them away.
    const byMember = asResponse(
      await call(view.invoices, `${viewOf(id)}/invoices`, { id }, { cookie: savanna.cookie }),
    );
    expect(byMember.status).toBe(302);
  });

  it("shows a sent quote as its members read it, with a note where their answer form is; an answer posted is 403", async () => {
    const sent = await flows.sentQuote("Baraka Bakery");
    const params = { id: sent.organisation, quoteId: String(sent.id) };
    const path = `${viewOf(sent.organisation)}/quotes/${sent.id}`;
    const page = (await call(view.quote, path, params)) as { quote: Loaded };
    const theirs = (await flows.clientLoad(sent.organisation, sent.id, sent.owner.cookie)) as {
      quote: Loaded;
    };
    expect(page.quote).toEqual(theirs.quote);
    expect(theirs.quote.open).toBe(true);
    expect(await views(sent.organisation)).toEqual(["Baraka Bakery"]);

    const answer = await call(view.quote, path, params, {
      fields: { intent: "decline", reason: "Too dear" },
    });
    expect(statusOf(answer)).toBe(403);
    expect((await flows.storedQuote(sent.id)).status).toBe("sent");
    // Another organisation's quote: 404.
    const other = await flows.sentQuote("Kilimo Bakery");
    const elsewhere = await call(view.quote, `${viewOf(sent.organisation)}/quotes/${other.id}`, {
      id: sent.organisation,
      quoteId: String(other.id),
    });
    expect(statusOf(elsewhere)).toBe(404);
  });
});
