import type { Page } from "@playwright/test";

/**
 * Serves `url` as the server sent it but with `markup` inserted before `before` — what an
 * attacker's stored or reflected markup would look like in the page.
 */
export async function injectMarkup(page: Page, url: string, before: string, markup: string) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(before, `${markup}${before}`);
    await route.fulfill({ response, body: html });
  });
}
