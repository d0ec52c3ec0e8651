/**
 * The quote flows of the integration tests (test/integration/quotes*.test.ts), as the agency and
 * the client's people go through them: a lead in the inbox, the new quote's form, the editor's
 * posts, the client's quote page; each answers what the route answered, returned or thrown.
 */
import { expect } from "vitest";
import { addDays, agencyToday } from "~/domain/billing/quotes.server";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import * as clientQuoteRoute from "~/routes/account/quote";
import * as quoteRoute from "~/routes/admin/quote";
import * as quoteNewRoute from "~/routes/admin/quote-new";
import { asResponse, settle } from "./answers";
import { createUser, serviceClient, signInCookie, type TestBackend, uniqueEmail } from "./backend";
import { argsWithParams, formPost } from "./route-args";
import { routed } from "./routed";

export const quoteNew = routed(quoteNewRoute);
export const editor = routed(quoteRoute);
export const clientPage = routed(clientQuoteRoute);

export type Fields = Record<string, string>;

/** A quote as the editor posts it: two lines in Kiswahili, valid 20 days. */
export const QUOTE: Fields = {
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

/** The flows against one test site (its backend and the admin's session cookie). */
export function quoteFlows(site: { readonly backend: TestBackend; readonly admin: string }) {
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

  return {
    newLead,
    draftFromLead,
    editorPost,
    clientLoad,
    clientPost,
    mailsTo,
    storedQuote,
    ownerOf,
    sentQuote,
  };
}
