import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { untilHydrated } from "./helpers/hydrated";
import { chosenImage, cropOf, noImage } from "./helpers/team-photo";

/**
 * A library image picked in the team editor is previewed at once — what only the page's script
 * does (without JavaScript the choice is shown after the save: admin-team-photo.spec.ts).
 */
test.use({ viewport: { width: 360, height: 740 } });
test.beforeAll(ensureAdminOnboarded);

test("a library image picked with JavaScript is previewed at once; in Kiswahili", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "lang", value: "sw", url: baseURL ?? "" }]);
  await signIn(page, ADMIN, "/admin/team/new");
  await expect(chosenImage(page)).toContainText("Hakuna picha iliyochaguliwa.");
  const library = page.locator("summary", { hasText: "Chagua kutoka maktaba ya picha" });
  await untilHydrated(library);
  await library.click();
  const first = page.locator("input[type=radio][name=photo]").nth(1);
  const label = await first.getAttribute("data-label");
  await first.check();
  await expect(chosenImage(page)).toContainText(`Imechaguliwa: ${label}`);
  await expect(chosenImage(page).locator("img")).toHaveAttribute("srcset", /480w/);
  await expect(noImage(page)).not.toBeChecked();
  await page.getByLabel("Sehemu ya picha inayoonekana").selectOption("bottom-right");
  await expect.poll(() => cropOf(page)).toMatchObject({ fit: "cover", position: "100% 100%" });
});
