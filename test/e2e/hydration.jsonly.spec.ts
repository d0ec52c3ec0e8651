import { expect, type Page, test } from "@playwright/test";
import { ADMIN } from "./admin-helpers";
import { langInput } from "./admin-site-helpers";
import { holdScripts } from "./helpers/hold-scripts";
import { untilHydrated } from "./helpers/hydrated";
import { injectMarkup } from "./helpers/inject-markup";
import { addSession } from "./helpers/session";

/**
 * The page paints before its JavaScript is asked for (on a slow link the ~120 KB of framework
 * modules used to hold the first paint back), then hydrates: client-side navigation works, under
 * the page's CSP — by hash on a cached anonymous page, by nonce on a fresh personal render.
 */
async function paintAndScriptTimes(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
  });
}

for (const [label, cookie] of [
  ["cached page (hashes)", ""],
  ["fresh render (nonce)", "sb-test=1"],
] as const) {
  for (const path of ["/", "/sw/", "/fr/services/web-development"]) {
    test(`${path} paints before its JavaScript loads, then hydrates — ${label}`, async ({
      page,
      context,
      baseURL,
    }) => {
      if (cookie) await context.addCookies([{ name: "sb-test", value: "1", url: baseURL! }]);
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|hydrat/i.test(message.text())) violations.push(message.text());
      });
      page.on("pageerror", (error) => violations.push(String(error)));
      await page.goto(path);
      const { paint, firstScript, scripts } = await paintAndScriptTimes(page);
      expect(scripts, "framework modules loaded").toBeGreaterThanOrEqual(5);
      expect(paint, "first contentful paint").toBeGreaterThan(0);
      expect(firstScript, "first module requested after the first paint").toBeGreaterThanOrEqual(
        paint ?? Number.POSITIVE_INFINITY,
      );

      // Hydrated: a link is followed by the router, without a new document.
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      const nav = page.getByRole("navigation", { name: /^(main|menyu kuu|menu principal)$/i });
      await nav.getByRole("link", { name: /^(blog|blogu)$/i }).click();
      await expect(page).toHaveURL(new RegExp(`${path.match(/^\/(sw|fr)\//)?.[0] ?? "/"}blog$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(documents).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
}

test("page content carrying the held script's id cannot take its place", async ({
  page,
  baseURL,
}) => {
  // Post HTML is sanitised (no ids, no scripts); were markup to slip through, the boot still
  // runs only the framework's own held <script>.
  await injectMarkup(
    page,
    `${baseURL}/contact`,
    "<h1",
    '<p id="rr-hydrate" data-preload="/favicon.ico">window.__taken = true</p>',
  );
  // Held until the injected markup is seen: hydration may re-render the page without it.
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await expect(page.locator("p#rr-hydrate")).toHaveCount(1);
  release();
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  expect(await page.evaluate(() => "__taken" in window)).toBe(false);
});

test("a menu opened before the page hydrates stays open when it does", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const widget = page.getByTestId("chat-widget");
  const option = widget.getByRole("link", { name: "I need a website" });
  await widget.locator("summary").click();
  await expect(option).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
  // The marker untilHydrated waits on comes with hydration, never with the server's HTML.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  release();
  // Hydrated, with its effects run (they used to close every open menu).
  await untilHydrated(widget);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL("/contact?topic=website");
});

test("footer links navigate inside the app; a click with Shift is still the browser's", async ({
  page,
  context,
}) => {
  await page.goto("/fr/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  const privacy = page.getByRole("contentinfo").getByRole("link", {
    name: "Politique de confidentialité",
  });
  const opened = context.waitForEvent("page");
  await privacy.click({ modifiers: ["Shift"] });
  const window = await opened;
  await expect(window).toHaveURL(/\/fr\/privacy$/);
  await window.close();
  await expect(page).toHaveURL(/\/fr\/$/);

  await privacy.click();
  await expect(page).toHaveURL(/\/fr\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents, "no new document: the router navigated").toEqual([]);
});

test("words typed before the page hydrates are still there when it has", async ({ page }) => {
  // An edit form: its text areas come filled in from the server.
  await addSession(page, ADMIN);
  await page.goto("/admin/services");
  const edit = await page.getByRole("rowheader").getByRole("link").first().getAttribute("href");
  const release = await holdScripts(page);
  await page.goto(edit ?? "", { waitUntil: "domcontentloaded" });
  const description = langInput(page, "Short description", "Kiswahili");
  const price = page.getByLabel("Lowest price (Ksh)");
  await expect(description).not.toHaveValue("");
  await description.fill("Tovuti za haraka kwa biashara yako.");
  await price.fill("65000");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // React resets a text area to its server-rendered text when it hydrates; the site puts back
  // what was typed (inputs React leaves alone).
  await expect(description).toHaveValue("Tovuti za haraka kwa biashara yako.");
  await expect(price).toHaveValue("65000");
});

test("a post's live preview shows what was typed before the page hydrated", async ({ page }) => {
  await addSession(page, ADMIN);
  const release = await holdScripts(page);
  await page.goto("/admin/posts/new", { waitUntil: "domcontentloaded" });
  await page
    .getByLabel("Content (HTML)")
    .fill("<h2>Typed early</h2><p>Before the scripts ran.</p>");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // No further key: the editor learns of the text typed before it hydrated.
  await expect(
    page.getByTestId("post-preview").getByRole("heading", { name: "Typed early" }),
  ).toBeVisible();
  await expect(page).toHaveURL("/admin/posts/new");
});

test("a cover image chosen before the page hydrates is previewed when it has", async ({ page }) => {
  await addSession(page, ADMIN);
  const release = await holdScripts(page);
  await page.goto("/admin/posts/new", { waitUntil: "domcontentloaded" });
  // A 1 × 1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  await page.getByLabel("Upload an image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await expect(page.getByTestId("cover-preview")).toHaveCount(0);

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByTestId("cover-preview")).toBeVisible();
});

test("pages hydrate without building an Intl formatter; new dates after a navigation are formatted", async ({
  page,
}) => {
  // A page's first Intl formatter costs the browser ~20 ms of ICU set-up: the dates and the
  // offices' cities the server wrote are kept as they are.
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { intlMade: made });
    for (const name of ["DateTimeFormat", "ListFormat", "NumberFormat"] as const) {
      const original = Intl[name];
      Object.assign(Intl, {
        [name]: new Proxy(original, {
          construct(target, args) {
            made.push(name);
            return Reflect.construct(target, args);
          },
        }),
      });
    }
  });
  const made = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
  for (const path of ["/fr/", "/sw/blog", "/blog/1"]) {
    await page.goto(path);
    await untilHydrated(page.locator("body"));
    expect(await made(), path).toEqual([]);
  }
  await page.goto("/fr/");
  await untilHydrated(page.locator("body"));
  await expect(page.getByText("Nairobi et Mombasa", { exact: false }).first()).toBeVisible();
  const onHome = await page.locator("#blog time").count();
  await page
    .getByRole("navigation", { name: "Menu principal" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect(page).toHaveURL(/\/fr\/blog$/);
  // (A post another test saved without a date has an empty <time>, as it always had.)
  const dates = page.locator('main article time:not([datetime=""])');
  await expect.poll(() => dates.count()).toBeGreaterThan(onHome);
  for (const text of await dates.allTextContents())
    expect(text).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}$/);
  expect(await made()).toContain("DateTimeFormat");
});
