/**
 * Quotes (issue 43 item 2), through the routes as the agency and the client use them: a lead of
 * the inbox becomes a client (its organisation created, the lead invited) and a draft; the
 * editor keeps what was typed on a mistake, adds lines without JavaScript and reads shillings
 * exactly; sending mails the client's people in the quote's language (Kiswahili here); the
 * client declines only with a reason, accepts with a typed name and a ticked box, and the
 * acceptance opens the project and issues the deposit invoice, mailed too with its PDF attached
 * (downloaded from the mailbox, it reads as the invoice). An expired quote is
 * refused with its date; another organisation's quote is not found.
 */
import { describe, expect, it } from "vitest";
import { addDays, agencyToday } from "~/domain/billing/quotes.server";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import * as clientQuoteRoute from "~/routes/account/quote";
import * as quoteRoute from "~/routes/admin/quote";
import * as quoteNewRoute from "~/routes/admin/quote-new";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signInCookie,
  uniqueEmail,
} from "../support/backend";
import { pdfText } from "../support/pdf-text";
import { clientWithProject } from "../support/portal";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const quoteNew = routed(quoteNewRoute);
const editor = routed(quoteRoute);
const clientPage = routed(clientQuoteRoute);

type Fields = Record<string, string>;

async function newLead(name: string, locale: string) {
  const email = uniqueEmail("lead");
  const { data, error } = await serviceClient(site.backend)
    .from("contact_messages")
    .insert({ name, email, locale, message: "Tunahitaji tovuti mpya na bei yake, tafadhali." })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return { id: data.id as number, email };
}

/** The agency drafts a quote from a lead: the new quote's id. */
async function draftFromLead(lead: number, fields: Fields) {
  const path = `/admin/quotes/new?lead=${lead}`;
  const answer = asResponse(
    await settle(() =>
      quoteNew.action(argsWithParams(path, {}, { ...formPost(fields), cookie: site.admin })),
    ),
  );
  expect(answer.status).toBe(302);
  return Number(/\/admin\/quotes\/(\d+)$/.exec(answer.headers.get("Location") ?? "")?.[1]);
}

function editorPost(id: number, fields: Fields) {
  return settle(() =>
    editor.action(
      argsWithParams(
        `/admin/quotes/${id}`,
        { id: String(id) },
        { ...formPost(fields), cookie: site.admin },
      ),
    ),
  );
}

const QUOTE: Fields = {
  title: "Tovuti mpya",
  language: "sw",
  valid_until: addDays(agencyToday(), 20),
  terms: "Malipo ya awali 50%, salio baada ya kukabidhi.",
  deposit_percent: "50",
  description_0: "Usanifu na ujenzi wa tovuti",
  quantity_0: "1",
  price_0: "150,000",
  vat_0: "16",
  description_1: "Uhifadhi wa tovuti (mwezi)",
  quantity_1: "12",
  price_1: "1 500,50",
  vat_1: "16",
};

function clientPath(organisation: string, quote: number, lang = "") {
  return `${lang}/organisations/${organisation}/quotes/${quote}`;
}

function clientLoad(organisation: string, quote: number, cookie: string, lang = "") {
  return settle(() =>
    clientPage.loader(
      argsWithParams(
        clientPath(organisation, quote, lang),
        { organisationId: organisation, quoteId: String(quote) },
        { cookie },
      ),
    ),
  );
}

function clientPost(
  organisation: string,
  quote: number,
  cookie: string,
  fields: Fields,
  lang = "",
) {
  return settle(() =>
    clientPage.action(
      argsWithParams(
        clientPath(organisation, quote, lang),
        { organisationId: organisation, quoteId: String(quote) },
        { ...formPost(fields), cookie },
      ),
    ),
  );
}

async function mailsTo(email: string) {
  await outboxIdle();
  await processOutbox();
  return (await site.backend.mailbox.list()).filter((mail) => mail.to === email.toLowerCase());
}

async function storedQuote(id: number) {
  const { data } = await serviceClient(site.backend)
    .from("quotes")
    .select("*")
    .eq("id", id)
    .single();
  return data as Record<string, unknown> & { organisation_id: string };
}

/** A client owner (Kiswahili) added to the organisation; their session cookie. */
async function ownerOf(organisation: string) {
  const owner = await createUser(site.backend, {
    metadata: { full_name: "Amina Wanjiru", onboarded: true, locale: "sw" },
  });
  await serviceClient(site.backend)
    .from("organisation_members")
    .insert({ organisation_id: organisation, user_id: owner.id, role: "owner" });
  return { ...owner, cookie: await signInCookie(owner.email) };
}

/** A lead's quote drafted, filled in and sent; its id, client and owner. */
async function sentQuote(name: string) {
  const lead = await newLead(name, "sw");
  const id = await draftFromLead(lead.id, { title: "Tovuti", organisation_name: name });
  const { organisation_id: organisation } = await storedQuote(id);
  const owner = await ownerOf(organisation);
  const sent = asResponse(await editorPost(id, { ...QUOTE, intent: "send" }));
  expect(sent.status).toBe(302);
  return { id, organisation, owner, lead };
}

describe("quotes", () => {
  it("turns a lead into a client and a draft, keeps typed values on mistakes, adds lines without JS", async () => {
    const lead = await newLead("Baraka Otieno", "sw");
    const id = await draftFromLead(lead.id, {
      title: "Tovuti",
      organisation_name: "Simba Logistics",
    });
    const service = serviceClient(site.backend);
    const quote = await storedQuote(id);
    expect(quote).toMatchObject({
      status: "draft",
      language: "sw",
      lead_id: lead.id,
      deposit_percent: 50,
    });
    const { data: organisation } = await service
      .from("organisations")
      .select("name")
      .eq("id", quote.organisation_id)
      .single();
    expect(organisation?.name).toBe("Simba Logistics");
    const { data: invitations } = await service
      .from("organisation_invitations")
      .select("email, role, language")
      .eq("organisation_id", quote.organisation_id);
    expect(invitations).toEqual([{ email: lead.email, role: "owner", language: "sw" }]);
    // A second quote for the same lead is for the same client: no second organisation.
    const second = await draftFromLead(lead.id, {
      title: "Matengenezo",
      organisation_name: "Other",
    });
    expect((await storedQuote(second)).organisation_id).toBe(quote.organisation_id);

    // Add a line: the form comes back as typed with one more line; nothing stored.
    const added = asData<{ typed: { lines: unknown[]; title: string } }>(
      await editorPost(id, { ...QUOTE, title: "Typed title", intent: "add" }),
    );
    expect(added.status).toBe(200);
    expect(added.data.typed.title).toBe("Typed title");
    expect(added.data.typed.lines).toHaveLength(3);
    // A price that is not an amount, a line without a description: errors by field, typed kept.
    const wrong = asData<{
      typed: { lines: { price: string }[] };
      errors: Record<string, string[]>;
    }>(await editorPost(id, { ...QUOTE, price_0: "1.500", description_1: "", intent: "save" }));
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors.price_0?.[0]).toMatch(/amount in shillings/);
    expect(wrong.data.errors.description_1).toEqual(["Describe the line."]);
    expect(wrong.data.typed.lines[0]?.price).toBe("1.500");
    expect((await storedQuote(id)).total_cents).toBe(0);
    // Saved: amounts exact to the cent, totals the database's.
    const saved = asResponse(await editorPost(id, { ...QUOTE, intent: "save" }));
    expect((await toastOf(saved))?.title).toBe("Draft saved");
    // 150 000.00 + 12 × 1 500.50 = 168 006.00; VAT 16 % per line: 24 000.00 + 2 880.96.
    expect(await storedQuote(id)).toMatchObject({
      subtotal_cents: 16_800_600,
      vat_cents: 2_688_096,
      total_cents: 19_488_696,
    });
  });

  it("sends the quote by mail in its language; the client accepts it and gets the deposit invoice", async () => {
    const { id, organisation, owner, lead } = await sentQuote("Duma Motors");
    const quote = await storedQuote(id);
    expect(quote.status).toBe("sent");
    expect(quote.number).toMatch(/^Q-\d{4}-\d{4}$/);
    for (const address of [owner.email, lead.email]) {
      const [mail] = await mailsTo(address);
      expect(mail?.subject).toContain(`Nukuu ${quote.number}`);
      expect(mail?.text).toContain("Halali hadi");
      expect(mail?.text).toContain(`/sw/organisations/${organisation}/quotes/${id}`);
    }

    const view = (await clientLoad(organisation, id, owner.cookie, "/sw")) as {
      quote: { statusText: string; total: string; open: boolean };
    };
    expect(view.quote).toMatchObject({ statusText: "Imetumwa", open: true });
    expect(view.quote.total).toContain("194,886.96");

    // Declining needs a reason.
    const noReason = asData(
      await clientPost(organisation, id, owner.cookie, { intent: "decline", reason: " " }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.data.result?.error?.reason).toEqual([
      "Tell us why you decline the quote: it helps us make a better one.",
    ]);
    // Accepting needs the name and the box; what was typed comes back.
    const unsigned = asData(
      await clientPost(organisation, id, owner.cookie, { intent: "accept", signature: "A" }, "/sw"),
    );
    expect(unsigned.status).toBe(400);
    expect(Object.keys(unsigned.data.result?.error ?? {}).sort()).toEqual(["agree", "signature"]);
    expect(unsigned.data.result?.initialValue?.signature).toBe("A");
    expect((await storedQuote(id)).status).toBe("sent");

    const accepted = asResponse(
      await clientPost(
        organisation,
        id,
        owner.cookie,
        { intent: "accept", signature: "Amina Wanjiru", agree: "on" },
        "/sw",
      ),
    );
    expect(accepted.status).toBe(302);
    expect((await toastOf(accepted))?.title).toBe(`Umekubali nukuu ${quote.number}`);
    const answered = await storedQuote(id);
    expect(answered).toMatchObject({
      status: "accepted",
      signature_name: "Amina Wanjiru",
      decided_by: owner.id,
    });
    const service = serviceClient(site.backend);
    const { data: project } = await service
      .from("projects")
      .select("title, organisation_id")
      .eq("id", answered.project_id as number)
      .single();
    expect(project).toEqual({ title: "Tovuti mpya", organisation_id: organisation });
    const { data: invoices } = await service
      .from("invoices")
      .select("number, status, subtotal_cents, vat_cents, total_cents, due_date")
      .eq("quote_id", id);
    // Half of the net (8 400 300) and its VAT (1 344 048).
    expect(invoices).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^JD-\d{4}-\d{4}$/),
        status: "issued",
        subtotal_cents: 8_400_300,
        vat_cents: 1_344_048,
        total_cents: 9_744_348,
      }),
    ]);
    const invoiceMail = (await mailsTo(owner.email)).find((mail) =>
      mail.subject.includes(invoices?.[0]?.number as string),
    );
    expect(invoiceMail?.subject).toContain("Ankara");
    expect(invoiceMail?.text).toContain("97,443.48");
    expect(invoiceMail?.text).toContain("PDF yake imeambatishwa");
    // …with the invoice's PDF attached: downloaded from the mailbox, it reads as the invoice.
    const number = invoices?.[0]?.number as string;
    expect(invoiceMail?.attachments).toEqual([
      expect.objectContaining({ filename: `${number}.pdf`, contentType: "application/pdf" }),
    ]);
    const download = await fetch(invoiceMail?.attachments[0]?.url ?? "");
    expect(download.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdfWords = pdfText(pdf).replace(/[\s\u00a0\u202f]+/g, " ");
    expect(pdfWords).toContain(number);
    expect(pdfWords).toContain("97,443.48");

    // The page now says who accepted, links the project and the invoice; no more forms.
    const after = (await clientLoad(organisation, id, owner.cookie, "/sw")) as {
      quote: { open: boolean; decided: { name: string } };
      invoices: { number: string }[];
    };
    expect(after.quote.open).toBe(false);
    expect(after.quote.decided.name).toBe("Amina Wanjiru");
    expect(after.invoices.map((invoice) => invoice.number)).toEqual([invoices?.[0]?.number]);
    // Answered once only.
    const again = asData(
      await clientPost(organisation, id, owner.cookie, {
        intent: "decline",
        reason: "Changed our mind",
      }),
    );
    expect(again.status).toBe(409);
    expect(again.data.formError).toBe("This quote has already been answered.");
  });

  it("refuses an expired quote with its date, and shows another organisation's quote to nobody", async () => {
    const { id, organisation, owner } = await sentQuote("Nyati Farms");
    const service = serviceClient(site.backend);
    await service.from("quotes").update({ valid_until: "2026-01-15" }).eq("id", id);
    const page = (await clientLoad(organisation, id, owner.cookie)) as {
      quote: { status: string; open: boolean };
      expiredText: string;
    };
    expect(page.quote).toMatchObject({ status: "expired", open: false });
    expect(page.expiredText).toBe("This quote expired on January 15, 2026. Ask us for a new one.");
    const refused = asData(
      await clientPost(organisation, id, owner.cookie, {
        intent: "accept",
        signature: "Amina Wanjiru",
        agree: "on",
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toBe(
      "This quote expired on January 15, 2026. Ask us for a new one.",
    );
    expect((await storedQuote(id)).status).toBe("sent");

    // Another client's owner: not found, under its organisation's id or their own.
    const other = await sentQuote("Tembo Bakery");
    for (const place of [organisation, other.organisation]) {
      const seen = await clientLoad(place, id, other.owner.cookie);
      expect((seen as { init: { status: number } }).init?.status).toBe(404);
      const posted = await clientPost(place, id, other.owner.cookie, {
        intent: "decline",
        reason: "x",
      });
      expect((posted as { init: { status: number } }).init?.status).toBe(404);
    }
    // A draft is not the client's to see.
    const lead = await newLead("Jean Mugabo", "fr");
    const draft = await draftFromLead(lead.id, { title: "Site", organisation_name: "Mugabo SARL" });
    const seenDraft = await clientLoad(organisation, draft, owner.cookie);
    expect((seenDraft as { init: { status: number } }).init?.status).toBe(404);
  });

  it("drafts from a client's project: the acceptance keeps that project and invoices it", async () => {
    const place = await clientWithProject(site.backend, "Kifaru Studio", {
      title: "Duka la mtandaoni",
    });
    const path = `/admin/quotes/new?organisation=${place.id}&project=${place.project}`;
    const form = (await settle(() =>
      quoteNew.loader(argsWithParams(path, {}, { cookie: site.admin })),
    )) as { title: string; project: { id: number } | null; newClient: string | null };
    expect(form).toMatchObject({
      title: "Duka la mtandaoni",
      project: { id: place.project },
      newClient: null,
    });
    const created = asResponse(
      await settle(() =>
        quoteNew.action(
          argsWithParams(path, {}, { ...formPost({ title: form.title }), cookie: site.admin }),
        ),
      ),
    );
    const id = Number(/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    expect(await storedQuote(id)).toMatchObject({ project_id: place.project, lead_id: null });
    const owner = await ownerOf(place.id);
    asResponse(await editorPost(id, { ...QUOTE, deposit_percent: "30", intent: "send" }));
    asResponse(
      await clientPost(place.id, id, owner.cookie, {
        intent: "accept",
        signature: "Amina Wanjiru",
        agree: "on",
      }),
    );
    const service = serviceClient(site.backend);
    const { count } = await service
      .from("projects")
      .select("id", { count: "exact", head: true })
      .eq("organisation_id", place.id);
    expect(count).toBe(1);
    const { data: invoice } = await service
      .from("invoices")
      .select("project_id, subtotal_cents, status")
      .eq("quote_id", id)
      .single();
    // 30 % of the net 16 800 600, rounded half up: 5 040 180.
    expect(invoice).toEqual({
      project_id: place.project,
      subtotal_cents: 5_040_180,
      status: "issued",
    });
  });

  it("answers hostile or odd input with a message, never a 500", async () => {
    const lead = await newLead("Odhiambo Kibet", "en");
    const id = await draftFromLead(lead.id, { title: "Website", organisation_name: "Kibet Ltd" });
    const problems = async (fields: Fields) => {
      const answer = asData<{ errors: Record<string, string[]>; formError: string | null }>(
        await editorPost(id, fields),
      );
      return { status: answer.status, ...answer.data };
    };
    // Field names the form does not have: refused before anything is read.
    expect((await problems({ ...QUOTE, "lines[0].price": "1", intent: "save" })).status).toBe(400);
    // A line that is not there to remove, an unknown button: the form as typed.
    expect((await problems({ ...QUOTE, intent: "remove-7" })).status).toBe(200);
    expect((await problems({ ...QUOTE, intent: "publish" })).formError).toBe(
      "Use one of the form’s buttons.",
    );
    const odd = await problems({
      ...QUOTE,
      intent: "save",
      valid_until: "2026-02-30",
      deposit_percent: "101",
      quantity_0: "0",
      price_0: "1e5",
      price_1: "99,999,999,999",
      vat_1: "160",
      terms: "x".repeat(5000),
    });
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.errors).sort()).toEqual(
      [
        "deposit_percent",
        "price_0",
        "price_1",
        "quantity_0",
        "terms",
        "valid_until",
        "vat_1",
      ].sort(),
    );
    expect((await storedQuote(id)).total_cents).toBe(0);
    // Sending without a line is refused in words.
    const empty = await problems({
      ...QUOTE,
      intent: "send",
      description_0: "",
      quantity_0: "",
      price_0: "",
      description_1: "",
      quantity_1: "",
      price_1: "",
    });
    expect(empty.formError).toBe("Add at least one line with an amount before sending.");
    expect((await storedQuote(id)).status).toBe("draft");
    // Ids that are not ids, a lead or client that is not there: 404.
    for (const path of [
      "/admin/quotes/new?lead=abc",
      "/admin/quotes/new?organisation=nope",
      "/admin/quotes/new",
    ]) {
      const answer = await settle(() =>
        quoteNew.loader(argsWithParams(path, {}, { cookie: site.admin })),
      );
      expect((answer as { init: { status: number } }).init?.status, path).toBe(404);
    }
    const owner = await ownerOf((await storedQuote(id)).organisation_id);
    for (const [organisation, quote] of [
      ["not-a-uuid", "1"],
      [(await storedQuote(id)).organisation_id, "abc"],
      [(await storedQuote(id)).organisation_id, "99999999999999999999"],
    ] as const) {
      const answer = await settle(() =>
        clientPage.loader(
          argsWithParams(
            `/organisations/${organisation}/quotes/${quote}`,
            { organisationId: organisation, quoteId: quote },
            { cookie: owner.cookie },
          ),
        ),
      );
      expect((answer as { init: { status: number } }).init?.status).toBe(404);
    }
  });
});
