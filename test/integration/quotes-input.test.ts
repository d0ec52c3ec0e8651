/**
 * Quotes (issue 43 item 2), the other ways in and the odd input: a quote drafted from a client's
 * project keeps that project on acceptance; hostile or odd input to the new quote's form, the
 * editor and the client's page is answered in words with what was typed, never a 500.
 */
import { describe, expect, it } from "vitest";
import { asData, asResponse, settle } from "../support/answers";
import { backendWithAdmin, serviceClient } from "../support/backend";
import { clientWithProject } from "../support/portal";
import { clientPage, type Fields, QUOTE, quoteFlows, quoteNew } from "../support/quotes";
import { argsWithParams, formPost } from "../support/route-args";

const site = backendWithAdmin();
const { newLead, draftFromLead, editorPost, clientPost, storedQuote, ownerOf } = quoteFlows(site);

describe("quotes, from a project and with odd input", () => {
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
    for (const path of ["/admin/quotes/new?lead=abc", "/admin/quotes/new?organisation=nope"]) {
      const answer = await settle(() =>
        quoteNew.loader(argsWithParams(path, {}, { cookie: site.admin })),
      );
      expect((answer as { init: { status: number } }).init?.status, path).toBe(404);
    }
    // Without a lead or a client: the clients to choose from, this quote's among them.
    const choice = (await quoteNew.loader(
      argsWithParams("/admin/quotes/new", {}, { cookie: site.admin }),
    )) as { choose: { id: string }[] | null };
    expect(choice.choose?.map((client) => client.id)).toContain(
      (await storedQuote(id)).organisation_id,
    );
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
