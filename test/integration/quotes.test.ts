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
import { asData, asResponse, toastOf } from "../support/answers";
import { backendWithAdmin, serviceClient } from "../support/backend";
import { pdfText } from "../support/pdf-text";
import { QUOTE, quoteFlows } from "../support/quotes";

const site = backendWithAdmin();
const {
  newLead,
  draftFromLead,
  editorPost,
  clientLoad,
  clientPost,
  mailsTo,
  storedQuote,
  sentQuote,
} = quoteFlows(site);

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
});
