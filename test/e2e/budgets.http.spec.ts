import { expect, test } from "@playwright/test";
import { measurePageWeight, publicRoutes } from "../../bench/lib/page-weight.ts";

/** Page-weight budgets (issue: performance): enforced on every public route. */
const JS_BUDGET = 125 * 1024;
const HOME_TOTAL_BUDGET = 600 * 1024;

for (const path of publicRoutes) {
  test(`${path} stays within the JS budget with no third-party requests`, async ({
    browser,
    baseURL,
  }) => {
    const weight = await measurePageWeight(browser, baseURL!, path);
    expect(weight.jsBytes, `JS transferred on ${path}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(weight.thirdParty, "third-party requests").toEqual([]);
    expect(
      weight.renderBlocking.length,
      "render-blocking resources beyond one CSS file",
    ).toBeLessThanOrEqual(1);
    if (path === "/")
      expect(weight.totalBytes, "home page total").toBeLessThanOrEqual(HOME_TOTAL_BUDGET);
  });
}
