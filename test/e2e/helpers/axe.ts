import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { jsOn } from "./js";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe needs to run a script in the page, which a JS-disabled context refuses. For the `nojs`
 * project the exact markup the server sent is replayed in a JS-enabled page with every script
 * request blocked, so axe sees the page a no-JS visitor sees.
 */
async function pageForAxe(page: Page): Promise<Page> {
  if (jsOn()) return page;
  const html = await page.content();
  const url = page.url();
  const target = await replayPage(page);
  // The visitor's cookies come along, so stylesheets and images load as the visitor saw them.
  const context = target.context();
  await context.clearCookies();
  await context.addCookies(await page.context().cookies());
  const viewport = page.viewportSize();
  if (viewport) await target.setViewportSize(viewport);
  await target.unrouteAll();
  // Matched by a predicate, not a glob: a URL with `?` would be read as a pattern and miss.
  await target.route(
    (candidate) => candidate.href === url,
    (route) => route.fulfill({ body: html, contentType: "text/html" }),
  );
  await target.goto(url);
  return target;
}

/**
 * One JS-enabled, script-blocking page per browser (a worker's), navigated to each replay: a new
 * page costs Chromium a renderer process (measured: ~0.15 s of CPU each, about as much as the
 * replay itself), and each replay is a fresh document anyway.
 */
const replayPages = new WeakMap<Browser, Promise<Page>>();

function replayPage(page: Page): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  let replay = replayPages.get(browser);
  if (!replay) {
    replay = browser.newContext({ javaScriptEnabled: true }).then(async (context) => {
      await context.route("**/*", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.continue(),
      );
      return context.newPage();
    });
    replayPages.set(browser, replay);
  }
  return replay;
}

/** Fails with a readable list when axe finds WCAG 2.2 AA violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // An axe run (and a no-JS replay) is slow work of its own: give each one
  // its own time instead of eating the test's.
  test.info().setTimeout(test.info().timeout + 20_000);
  const target = await pageForAxe(page);
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
}
