/**
 * The admin area speaks the admin's language (the `lang` cookie): signed in as the seeded
 * administrator with `lang=sw` and `lang=fr`, every admin page of app/routes.ts (walked, so a new
 * one is checked without anyone listing it; its ids name real rows, a client's project among them)
 * is fetched from the production server and must show
 * no English label: no text, aria-label, title or column name that is the English wording of a
 * message of the admin's namespaces (or one of the words admin pages used to hard-code), and
 * `<html lang>` names the admin's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/locale";
import { CATALOGUES } from "~/i18n/translate.server";
import routes from "../../app/routes.ts";
import { routeLeaves } from "../support/route-table";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

/** The namespaces admin pages are worded from (their English must not show in sw/fr). */
const NAMESPACES = [
  "adminOffice.",
  "siteEditor.",
  "people.",
  "adminClients.",
  "activity.",
  "mediaLibrary.",
  "adminAnalytics.",
  "adminJobs.",
  "adminBilling.",
  "postEditor.",
  "projects.",
  "milestones.",
  "deliverables.",
  "thread.",
  "quotes.",
  "nav.",
  "common.",
];
/** English labels admin pages showed before they were translated (never in a catalogue). */
const HARD_CODED = ["Edit", "Delete", "Cancel", "Back to messages", "Create New", "Manage Posts"];
/** Words that are the same in every language or are names (brands, codes). */
const ALLOWED = new Set([
  "English",
  "Admin",
  "E-mail",
  "WhatsApp",
  "SMS",
  "CSV",
  "Blog",
  "Messages",
]);
function englishLabels(locale: Locale): Set<string> {
  const labels = new Set(HARD_CODED);
  for (const [key, english] of CATALOGUES.en) {
    if (!NAMESPACES.some((ns) => key.startsWith(ns))) continue;
    if (/[{<]/.test(english) || english.trim().length < 2) continue;
    if (CATALOGUES[locale].get(key) === english) continue;
    labels.add(english.trim());
  }
  for (const word of [...ALLOWED, ...content]) labels.delete(word);
  // A word the language itself uses for some message is not a leak ("Total" is French too).
  for (const own of CATALOGUES[locale].values()) labels.delete(own.trim());
  return labels;
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** What a person reads (text nodes, the tab's title) or hears (labels) on the page. */
function wording(html: string): string[] {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "");
  const texts = [...body.matchAll(/>([^<>]+)</g)].map((m) => decode(m[1] ?? ""));
  const labels = [...body.matchAll(/\s(?:aria-label|title|data-label|placeholder)="([^"]*)"/g)].map(
    (m) => decode(m[1] ?? ""),
  );
  // The tab's title: "<page> | <brand>" ("Error: …" after a refusal).
  const page = title ? [decode(title).split(" | ")[0] ?? ""] : [];
  return [...texts, ...labels, ...page].filter(Boolean);
}

let site: TestSite;
let admin = "";
const ids: Record<string, string> = {};
/**
 * What the agency typed, shown as it is: the figures' English labels name their items (a figure
 * labelled "Projects" is titled so on its editor, in any language of the admin).
 */
const content = new Set<string>();

beforeAll(async () => {
  site = await startTestSite();
  admin = await signInThroughForm(site.url);
  const message = await site.service
    .from("contact_messages")
    .insert({ name: "Wanjiku Kamau", email: "wanjiku@example.com", message: "Habari, tovuti?" })
    .select("id")
    .single();
  if (message.error) throw new Error(message.error.message);
  ids.messages = String(message.data.id);
  const post = await site.service.from("posts").select("id").limit(1).single();
  if (post.data) ids.posts = String(post.data.id);
  Object.assign(ids, await clientWithAProject(site));
  const figures = await site.service.from("site_figures").select("label");
  for (const { label } of figures.data ?? []) if (label?.en) content.add(String(label.en));
}, 120_000);
afterAll(async () => site?.stop());

/**
 * A client whose project has something in every list of its page (a milestone, an update, a
 * note, a deliverable with a version, a message), and a draft quote and invoice of theirs, so
 * the walk reads those pages and lists' words too.
 */
async function clientWithAProject(site: TestSite): Promise<Record<string, string>> {
  /** The id of the row a query inserted (and selected). */
  const idOf = async (
    query: PromiseLike<{ data: { id: string | number } | null; error: { message: string } | null }>,
  ) => {
    const { data, error } = await query;
    if (error || !data) throw new Error(error?.message ?? "no row");
    return data.id;
  };
  const db = site.service;
  const insert = (table: string, row: Record<string, unknown>) =>
    idOf(db.from(table).insert(row).select("id").single());
  const organisation_id = await insert("organisations", { name: "Duka la Mama Njeri" });
  const owner = { organisation_id };
  const project_id = await insert("projects", { ...owner, title: "Tovuti mpya" });
  const place = { ...owner, project_id };
  await insert("project_milestones", { ...place, title: "Muundo" });
  await insert("project_updates", { ...place, body: "Kazi inaendelea." });
  await insert("project_notes", { ...place, body: "Mteja anapenda kijani." });
  await insert("project_messages", { ...place, body: "Habari za mradi?" });
  const deliverable_id = await insert("project_deliverables", { ...place, title: "Nembo" });
  await insert("deliverable_versions", {
    ...owner,
    deliverable_id,
    file_name: "nembo.pdf",
    file_path: `${organisation_id}/nembo.pdf`,
    file_size: 2048,
  });
  // A draft quote and a draft invoice of the client, a line each.
  const valid_until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const line = { description: "Muundo", unit_price_cents: 5e6 };
  const quote_id = await insert("quotes", { ...owner, title: "Tovuti ya duka", valid_until });
  await insert("quote_lines", { ...owner, quote_id, ...line });
  const invoice_id = await insert("invoices", { ...owner });
  await insert("invoice_lines", { ...owner, invoice_id, ...line });
  // The client's view (/admin/clients/:id/view/…) shows sent quotes and issued invoices only:
  // a copy of each, sent and issued.
  const today = new Date().toISOString().slice(0, 10);
  const sent_quote = await insert("quotes", { ...owner, title: "Tovuti ya duka", valid_until });
  await insert("quote_lines", { ...owner, quote_id: sent_quote, ...line });
  const issued_invoice = await insert("invoices", { ...owner });
  await insert("invoice_lines", { ...owner, invoice_id: issued_invoice, ...line });
  for (const [fn, args] of [
    ["send_quote", { p_quote: sent_quote, p_today: today }],
    ["issue_invoice", { p_invoice: issued_invoice, p_today: today }],
  ] as const) {
    const { error } = await db.rpc(fn, args);
    if (error) throw new Error(error.message);
  }
  return {
    clients: String(organisation_id),
    projects: String(project_id),
    quotes: String(quote_id),
    invoices: String(invoice_id),
    "view quotes": String(sent_quote),
    "view invoices": String(issued_invoice),
  };
}

/**
 * Every admin page with a screen (not the CSV, upload and file answers), its params filled:
 * `real` when it has params and each names a row made above (the page must then show it, not
 * a 404).
 */
function adminPages(): { path: string; real: boolean }[] {
  const leaves = routeLeaves(routes).filter(
    (leaf) => leaf.layouts.includes("routes/admin/layout.ts") && leaf.file.endsWith(".tsx"),
  );
  return leaves.map((leaf) => {
    const sections: string[] = [];
    // The client's view reads its own rows (`view quotes`…) where there are.
    const view = leaf.path.includes("/view/") ? "view " : "";
    const path = leaf.path.replace(/(\w[\w-]*)\/:(\w+)/g, (_, section: string) => {
      sections.push(section);
      return `${section}/${ids[view + section] ?? ids[section] ?? "1"}`;
    });
    return { path: `/${path}`, real: sections.length > 0 && sections.every((s) => s in ids) };
  });
}

describe.each(LOCALES.filter((locale) => locale !== "en"))("the admin area in %s", (locale) => {
  it("shows no English label on any admin page, and marks the page as its language", async () => {
    const english = englishLabels(locale);
    const pages = adminPages();
    expect(pages.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const { path, real } of pages) {
      const response = await fetch(`${site.url}${path}`, {
        headers: { Cookie: `${admin}; lang=${locale}` },
        redirect: "manual",
      });
      const html = await response.text();
      expect(response.status, path).toBeLessThan(500);
      if (real) expect(response.status, path).toBe(200);
      if (response.status >= 300 && response.status < 400) continue;
      expect(/<html lang="(\w+)"/.exec(html)?.[1], `<html lang> of ${path}`).toBe(locale);
      for (const text of wording(html)) if (english.has(text)) leaks.push(`${path}: "${text}"`);
    }
    expect([...new Set(leaks)]).toEqual([]);
  }, 240_000);
});
