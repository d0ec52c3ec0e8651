import { expect, type Page, test } from "@playwright/test";
import {
  FORBIDDEN_IN_SANITIZED_HTML,
  XSS_MARKER,
  XSS_PAYLOADS,
  XSS_TEXT_PAYLOAD,
  xssCorpusHtml,
} from "../fixtures/xss-payloads";
import { ADMIN, ensureAdminOnboarded, signIn, storedPost, uniqueTitle } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";
import { jsOn } from "./helpers/js";

test.beforeAll(ensureAdminOnboarded);

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Counts script executions in a page: dialogs (alert/confirm/prompt) and the __xss global. */
function watchExecutions(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    dialogs,
    async globals() {
      return page.evaluate(() => window.__xss ?? null);
    },
  };
}

/** The HTML of the element that holds the corpus (the parent of its marker paragraph). */
async function corpusHtml(page: Page): Promise<string> {
  const container = page.getByText(XSS_MARKER, { exact: true }).locator("xpath=..");
  return container.innerHTML();
}

/**
 * Renders `html` in a fresh JS-enabled page with no CSP at all (so only the sanitizer stands in
 * the way), lets it settle, and returns what executed.
 */
/**
 * Waits until a page has nothing left to run: loaded, network idle (images that fail fire their
 * handlers), and two animation frames plus one task later.
 */
async function settle(target: Page) {
  await target.waitForLoadState("load");
  await target.waitForLoadState("networkidle");
  await target.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

async function executionsWithoutCsp(page: Page, html: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const bare = await context.newPage();
    await context.route("**/*", (route) => route.fulfill({ status: 404, body: "" }));
    const watch = watchExecutions(bare);
    await bare.setContent(`<!doctype html><html><body><main>${html}</main></body></html>`);
    await settle(bare);
    await bare.mouse.move(10, 10);
    for (const link of await bare.locator("a, p, code, img").all()) {
      await link.hover({ force: true, timeout: 1000 }).catch(() => {});
    }
    return { dialogs: watch.dialogs, global: await watch.globals() };
  } finally {
    await context.close();
  }
}

test("the XSS corpus saved through the editor never executes on /blog/{id}", async ({ page }) => {
  test.slow();
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  const watch = watchExecutions(page);
  const marker = uniqueTitle("xss");
  await signIn(page, ADMIN, "/admin/posts/new");
  await page.getByLabel("Title").fill(`${XSS_TEXT_PAYLOAD} ${marker}`);
  await page.getByLabel("Excerpt").fill(XSS_TEXT_PAYLOAD);
  await page.getByLabel("Content (HTML)").fill(xssCorpusHtml());
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/posts");
  const post = await storedPost(`${XSS_TEXT_PAYLOAD} ${marker}`);
  expect(post?.published).toBe(true);
  for (const pattern of FORBIDDEN_IN_SANITIZED_HTML) {
    expect(String(post?.content), `${pattern}`).not.toMatch(pattern);
  }

  await page.goto(`/blog/${post?.id}`);
  // Title and excerpt are text: shown literally.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(XSS_TEXT_PAYLOAD);
  const rendered = await corpusHtml(page);
  for (const pattern of FORBIDDEN_IN_SANITIZED_HTML) {
    expect(rendered, `${pattern}`).not.toMatch(pattern);
  }
  if (jsOn()) {
    await settle(page);
    expect(await watch.globals()).toBeNull();
  }
  expect(watch.dialogs).toEqual([]);

  // The same markup without the site's CSP: still nothing runs (the harness itself does catch
  // an executing payload).
  expect(await executionsWithoutCsp(page, '<img src="x" onerror="alert(1)">')).toEqual({
    dialogs: ["1"],
    global: null,
  });
  expect(await executionsWithoutCsp(page, rendered)).toEqual({ dialogs: [], global: null });
});

test("post HTML is sanitized again when rendered (a row written around the editor)", async ({
  page,
}) => {
  const watch = watchExecutions(page);
  const title = uniqueTitle("Raw row");
  const { data, error } = await (await serviceClient())
    .from("posts")
    .insert({
      title,
      content: xssCorpusHtml(),
      published: true,
      published_at: new Date().toISOString(),
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  await page.goto(`/blog/${data?.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const rendered = await corpusHtml(page);
  for (const pattern of FORBIDDEN_IN_SANITIZED_HTML) {
    expect(rendered, `${pattern}`).not.toMatch(pattern);
  }
  expect(watch.dialogs).toEqual([]);
  expect(await executionsWithoutCsp(page, rendered)).toEqual({ dialogs: [], global: null });
});
