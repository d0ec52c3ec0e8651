import { expect, test } from "@playwright/test";
import { injectMarkup } from "./helpers/inject-markup";

/**
 * The CSP is enforced: an inline script injected into our HTML (as an attacker's stored or
 * reflected markup would be) does not run, while the page's own nonce-carrying scripts do.
 */
for (const [label, cookie] of [
  ["fresh render (nonce)", "sb-test=1"],
  ["cached anonymous page (hashes)", ""],
] as const) {
  test(`an injected inline script does not run — ${label}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: true });
    if (cookie) await context.addCookies([{ name: "sb-test", value: "1", url: baseURL! }]);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await injectMarkup(
      page,
      `${baseURL}/contact`,
      "</body>",
      '<script>window.__injected = true;</script><img src=x onerror="window.__onerror = true">',
    );
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    expect(
      await page.evaluate(() => (window as { __onerror?: boolean }).__onerror),
    ).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
    // The app's own scripts ran: React Router hydrated the page.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    await context.close();
  });
}
