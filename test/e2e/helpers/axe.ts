import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { jsOn } from "./js";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe needs to run a script in the page, which a JS-disabled context refuses. For the `nojs`
 * project the exact markup the server sent is replayed in a JS-enabled context with every script
 * request blocked, so axe sees the page a no-JS visitor sees.
 */
async function pageForAxe(page: Page): Promise<{ target: Page; close: () => Promise<void> }> {
  if (jsOn()) {
    return { target: page, close: async () => {} };
  }
  const html = await page.content();
  const url = page.url();
  const context = await replayContext(page);
  // The visitor's cookies come along, so stylesheets and images load as the visitor saw them.
  await context.clearCookies();
  await context.addCookies(await page.context().cookies());
  const target = await context.newPage();
  const viewport = page.viewportSize();
  if (viewport) await target.setViewportSize(viewport);
  // Matched by a predicate, not a glob: a URL with `?` would be read as a pattern and miss.
  await target.route(
    (candidate) => candidate.href === url,
    (route) => route.fulfill({ body: html, contentType: "text/html" }),
  );
  await target.goto(url);
  return { target, close: () => target.close() };
}

/** One JS-enabled, script-blocking context per browser (a worker's), reused for every replay. */
const replayContexts = new WeakMap<Browser, Promise<BrowserContext>>();

function replayContext(page: Page): Promise<BrowserContext> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  let context = replayContexts.get(browser);
  if (!context) {
    context = browser.newContext({ javaScriptEnabled: true }).then(async (created) => {
      await created.route("**/*", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.continue(),
      );
      return created;
    });
    replayContexts.set(browser, context);
  }
  return context;
}

/** Fails with a readable list when axe finds WCAG 2.2 AA violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // An axe run (and a no-JS replay in a fresh context) is slow work of its own: give each one
  // its own time instead of eating the test's.
  test.info().setTimeout(test.info().timeout + 20_000);
  const { target, close } = await pageForAxe(page);
  try {
    // Legacy mode runs `axe.run` in the page itself. The default runs it frame by frame and then
    // finishes in a blank page it opens, injecting axe-core's 550 KB a second time: twice the
    // time (docs/testing.md) for the same results on a site without frames.
    // Only the violations are kept whole: axe still runs every rule on every node, but builds
    // no selector or HTML for the passes and the inapplicable (a sixth less of the renderer's CPU
    // over a sample of 48 tests). Set before withTags, which adds to these options.
    const results = await new AxeBuilder({ page: target })
      .options({ resultTypes: ["violations"] })
      .withTags(WCAG_TAGS)
      .setLegacyMode()
      .analyze();
    const summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(summary, "axe WCAG 2.2 AA violations").toEqual([]);
  } finally {
    await close();
  }
}
