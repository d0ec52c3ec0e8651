import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

/**
 * Hostile bodies against the site editors on the production server, as a signed-in admin (the
 * editors take up to ~200 fields and 100 000-character HTML per language, far more than other
 * forms): repeated and unknown fields, huge indexes, nested names, 1 MB values, thousands of
 * multipart parts, the largest legal page. Each answer is bounded in status, server time and
 * memory, and nothing is stored.
 */
const MB = 1024 * 1024;
/**
 * Server time of one answer: 40–170 ms measured (the admin guard asks the backend first); up to
 * ~800 ms while other test suites shared the machine's 2 cores. A parser gone quadratic takes
 * seconds.
 */
const TIME_BOUND_MS = 1500;
/** The largest legal page (3 × 100 000 characters of HTML, sanitized on save). */
const LEGAL_BOUND_MS = 3000;
const MEMORY_BOUND = 50 * MB;

let site: TestSite;
let cookie: string;

beforeAll(async () => {
  site = await startTestSite();
  cookie = await signInThroughForm(site.url);
}, 120_000);
afterAll(async () => site?.stop());

async function send(path: string, body: BodyInit, contentType?: string) {
  const seen = site.requests().length;
  const rss = site.rss();
  const headers: Record<string, string> = { Cookie: cookie, Origin: site.url };
  if (contentType) headers["Content-Type"] = contentType;
  const response = await fetch(`${site.url}${path}`, {
    method: "POST",
    headers,
    body,
    redirect: "manual",
  });
  const text = await response.text();
  const grew = site.rss() - rss;
  const deadline = Date.now() + 5000;
  while (site.requests().length === seen && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { status: response.status, text, ms: site.requests().at(-1)?.ms ?? Number.NaN, grew };
}

const form = "application/x-www-form-urlencoded";

/** A valid service form's start (title and the like): the hostile part comes after. */
const serviceBase =
  "intent=save&version=1&title.en=T&slug=web-development&icon=globe&price_min=1&price_unit=project&description.en=D&long_description.en=L&cta.en=C&";

function multipart(parts: number): { body: string; type: string } {
  const boundary = "b0undary";
  const body = `${Array.from({ length: parts }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="technologies[${i % 30}].en"\r\n\r\nx\r\n`).join("")}--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function snapshot() {
  const tables = ["services", "legal_documents", "content_revisions"];
  const rows = await Promise.all(
    tables.map(async (t) => (await site.service.from(t).select("*").order("id")).data),
  );
  return JSON.stringify(rows);
}

describe("hostile bodies to the site editors", () => {
  it("refuses each at once, within time and memory, storing nothing", async () => {
    // Warm the routes first, so the figures measure the input, not the first render.
    await send("/admin/services/1", serviceBase, form);
    await send("/admin/legal/privacy", "intent=save", form);
    const before = await snapshot();
    const cases: [string, string, BodyInit, string | undefined][] = [
      [
        "one field 60 000 times",
        "/admin/services/1",
        `${serviceBase}${"title.en=a&".repeat(60_000)}`.slice(0, MB - 1),
        form,
      ],
      ["a 1 MB title", "/admin/services/1", `${serviceBase}title.sw=${"x".repeat(MB - 300)}`, form],
      ["an unknown language", "/admin/services/1", `${serviceBase}title.de=Titel`, form],
      [
        "a row index past the list",
        "/admin/services/1",
        `${serviceBase}features[999999999].en=x`,
        form,
      ],
      [
        "nested names",
        "/admin/services/1",
        `${serviceBase}${"process[0]".padEnd(5000, ".title")}=x`,
        form,
      ],
      [
        "every row name twice",
        "/admin/services/1",
        `${serviceBase}${Array.from({ length: 20 }, (_, i) => `features[${i}].en=a&features[${i}].en=b`).join("&")}`,
        form,
      ],
      [
        "10 000 multipart parts",
        "/admin/services/1",
        multipart(10_000).body,
        multipart(10_000).type,
      ],
      [
        "a legal page of 3 × 200 001 characters",
        "/admin/legal/privacy",
        `intent=save&version=1&title.en=P&effective_at=2026-01-01&body.en=${"a".repeat(200_001)}&body.sw=${"b".repeat(200_001)}&body.fr=${"c".repeat(200_001)}`,
        form,
      ],
      ["JSON", "/admin/legal/privacy", JSON.stringify({ title: { en: "x" } }), "application/json"],
    ];
    for (const [name, path, body, type] of cases) {
      const { status, ms, grew } = await send(path, body, type);
      expect([400, 413], name).toContain(status);
      expect(ms, name).toBeLessThan(TIME_BOUND_MS);
      expect(grew, name).toBeLessThan(MEMORY_BOUND);
    }
    expect(await snapshot()).toBe(before);
  });

  it("saves the largest legal page it accepts (3 × 100 000 characters) within time and memory", async () => {
    const { data } = await site.service
      .from("legal_documents")
      .select("version")
      .eq("id", "terms")
      .single();
    const html = (letter: string) => `<p>${letter.repeat(99_990)}</p>`;
    const body = new URLSearchParams({
      intent: "save",
      version: String((data as { version: number }).version),
      "title.en": "Terms",
      effective_at: "2026-12-01",
      "body.en": html("a"),
      "body.sw": html("b"),
      "body.fr": html("c"),
    });
    const { status, ms, grew } = await send("/admin/legal/terms", body.toString(), form);
    expect(status).toBe(302);
    expect(ms).toBeLessThan(LEGAL_BOUND_MS);
    expect(grew).toBeLessThan(MEMORY_BOUND);
    const { data: saved } = await site.service
      .from("legal_documents")
      .select("body")
      .eq("id", "terms")
      .single();
    expect((saved as { body: Record<string, string> }).body.fr).toBe(html("c"));
  });
});
