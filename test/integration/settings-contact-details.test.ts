/**
 * The agency's contact details through the routes (issue 44, items 3 and 9): the settings
 * editor refuses a phone or WhatsApp value that is no number with the message next to the field
 * (in the admin's language) and stores nothing, stores a number however it is typed in E.164,
 * and stores each office's street address with its city; the contact form takes an optional
 * number the same way, and the admin's message page links it.
 */
import { describe, expect, it } from "vitest";
import { siteConfigOf } from "~/domain/site/config.server";
import { KINDS } from "~/domain/site/editor/kinds";
import { localizeSettings, type SettingsRow } from "~/domain/site/localize.server";
import { translate } from "~/i18n/translate.server";
import { organizationJsonLd } from "~/lib/structured-data";
import * as messageRoute from "~/routes/admin/message";
import * as editRoute from "~/routes/admin/site-edit";
import * as contact from "~/routes/contact";
import { asData, asResponse, settle } from "../support/answers";
import { uniqueEmail } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";
import { type Reply, siteEditorFixture } from "../support/site-editor";
import { validForm } from "../support/site-forms";

const edit = routed(editRoute);
const messagePage = routed(messageRoute);
const { db, rowOf, admin } = siteEditorFixture();
const settings = KINDS.settings;

process.env.RATE_LIMIT = "off";

async function saveSettings(fields: Record<string, string>, lang: "en" | "sw" | "fr") {
  const before = await rowOf(settings, "site");
  const cookie = `${admin()}; lang=${lang}`;
  const form = validForm(settings, { version: String(before?.version), ...fields });
  const { args, contentChanges } = routeArgs("/admin/settings", {
    ...formPost(form),
    cookie,
    params: {},
  });
  return { answer: await settle(() => edit.action(args as never)), contentChanges, before };
}

describe("the settings' phone and WhatsApp numbers", () => {
  it.each([
    ["sw", "phone", "0722 OOO 333"],
    ["fr", "whatsapp", "piga simu sasa"],
    ["sw", "phone", "0722333"],
  ] as const)(
    "in %s, refuse %s “%s”: the message by the field, the typed value back, nothing saved",
    async (lang, field, typed) => {
      const { answer, contentChanges, before } = await saveSettings({ [field]: typed }, lang);
      const { data, status } = asData<Reply>(answer);
      expect(status).toBe(400);
      expect(data.errors?.[field]).toEqual([translate(lang, "siteEditor.validation.phone")]);
      expect(data.draft?.[field]).toBe(typed);
      expect(contentChanges).toEqual([]);
      expect(await rowOf(settings, "site")).toEqual(before);
    },
  );

  it("store a Kenyan number however it is typed, and another country's, in E.164", async () => {
    const { answer } = await saveSettings(
      { phone: "0733-000 111", whatsapp: "+255 754 123 456" },
      "sw",
    );
    expect(asResponse(answer).status).toBe(302);
    const row = await rowOf(settings, "site");
    expect(row).toMatchObject({ phone: "+254733000111", whatsapp: "+255754123456" });
    // The form opens with them as visitors read them; saving that reads them back the same.
    const { args } = routeArgs("/admin/settings", { cookie: admin(), params: {} });
    const page = (await edit.loader(args as never)) as { draft: Record<string, unknown> };
    expect(page.draft).toMatchObject({ phone: "0733 000 111", whatsapp: "+255 754 123 456" });
    // An emptied WhatsApp number hides the buttons: stored as none.
    const emptied = await saveSettings({ whatsapp: " " }, "en");
    expect(asResponse(emptied.answer).status).toBe(302);
    expect((await rowOf(settings, "site"))?.whatsapp).toBeNull();
  });
});

describe("the offices' street addresses", () => {
  it("are stored with their city, and become the JSON-LD's streetAddress", async () => {
    const { answer } = await saveSettings(
      {
        "cities[0]": "Nairobi",
        "cities[0].address": "  Ngong Road 12, Kilimani ",
        "cities[1]": "Mombasa",
        "cities[1].address": "",
      },
      "fr",
    );
    expect(asResponse(answer).status).toBe(302);
    const row = (await rowOf(settings, "site")) as unknown as SettingsRow;
    expect(row.cities).toEqual(["Nairobi", "Mombasa"]);
    expect(row.office_addresses).toEqual({ Nairobi: "Ngong Road 12, Kilimani" });
    const site = siteConfigOf(localizeSettings(row, "fr"), "fr");
    const page = { site, url: "http://localhost:3000/fr/", home: "http://localhost:3000/fr/" };
    expect(organizationJsonLd(page).address).toEqual([
      {
        "@type": "PostalAddress",
        streetAddress: "Ngong Road 12, Kilimani",
        addressLocality: "Nairobi",
        addressCountry: "KE",
      },
      { "@type": "PostalAddress", addressLocality: "Mombasa", addressCountry: "KE" },
    ]);
  });
});

type ContactReply = {
  result?: { initialValue?: Record<string, string>; error?: Record<string, string[] | null> };
};

async function sendMessage(path: string, fields: Record<string, string>) {
  const { args } = routeArgs(path, formPost(fields));
  return settle(() => contact.action(args));
}

async function storedPhone(email: string) {
  const { data } = await db().from("contact_messages").select("id, phone").eq("email", email);
  return data ?? [];
}

describe("the contact form's phone number", () => {
  const message = "Habari, ningependa tovuti ya duka langu.";

  it("refuses what is no number, in the page's language, keeping every typed value", async () => {
    const email = uniqueEmail("phone-bad");
    const fields = { name: "Wanjiku", email, phone: "0722 OOO 333", message };
    const { data, status } = asData<ContactReply>(await sendMessage("/sw/contact", fields));
    expect(status).toBe(400);
    expect(data.result?.error?.phone).toEqual([translate("sw", "validation.phoneInvalid")]);
    expect(data.result?.initialValue).toMatchObject(fields);
    expect(await storedPhone(email)).toEqual([]);
  });

  it("stores a number in E.164, and none when left empty", async () => {
    const email = uniqueEmail("phone-good");
    const sent = await sendMessage("/fr/contact", {
      name: "Amina",
      email,
      phone: "0712 345 678",
      message,
    });
    expect(asResponse(sent).status).toBe(302);
    const [stored] = await storedPhone(email);
    expect(stored?.phone).toBe("+254712345678");

    const without = uniqueEmail("phone-none");
    await sendMessage("/contact", { name: "Otieno", email: without, phone: "", message });
    expect((await storedPhone(without))[0]?.phone).toBeNull();

    // The admin's message page shows it, linked to call and to WhatsApp.
    const { args } = routeArgs(`/admin/messages/${stored?.id}`, {
      cookie: admin(),
      params: { id: String(stored?.id) },
    });
    const page = (await messagePage.loader(args as never)) as {
      message: { phone: { e164: string; display: string } | null };
    };
    expect(page.message.phone).toEqual({ e164: "+254712345678", display: "0712 345 678" });
  });

  it("refuses a number the Data API is sent in another form than E.164", async () => {
    const { error } = await db()
      .from("contact_messages")
      .insert({ name: "X", email: uniqueEmail("api"), message, phone: "0722 OOO 333" });
    expect(error?.code).toBe("23514");
  });
});
