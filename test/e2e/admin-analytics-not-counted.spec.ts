import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dayIn } from "../../app/lib/time-zone";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";

/**
 * /admin/analytics and the /admin glance say how many events the period did not count and why
 * (issue 40), with and without JavaScript. The events are reported to the database the way a
 * worker reports the ones it dropped: with a batch (here an empty one).
 */
test.beforeAll(async () => {
  await ensureAdminOnboarded();
  const service = await serviceClient();
  const { error } = await service.rpc("analytics_record", {
    p_batch: randomUUID(),
    p_events: [],
    p_not_counted: [
      // Today, the agency's day (AGENCY_TIME_ZONE) that "today" shows.
      { day: dayIn(Date.now(), "Africa/Nairobi"), reason: "refused", events: 1 },
      { day: dayIn(Date.now(), "Africa/Nairobi"), reason: "browsers", events: 7 },
    ],
    p_day_budget: 100_000,
    p_browsers_per_address: 100,
    p_events_per_visitor: 300,
  });
  if (error) throw new Error(error.message);
});

test("the admin reads how many events were not counted, and why", async ({ page }) => {
  await signIn(page, ADMIN, "/admin/analytics?period=today");
  const note = page.getByText(/^Events not counted in this period: [\d,]+\./);
  await expect(note).toBeVisible();
  await note.getByRole("link", { name: "Why" }).click();
  await expect(page).toHaveURL(/#table-not-counted$/);
  const table = page.getByRole("table", { name: "Not counted" });
  await expect(table).toBeVisible();
  await expect(
    table.getByRole("row", { name: /The database refused the event \d+/ }),
  ).toBeVisible();
  await expect(
    table.getByRole("row", { name: /Too many browsers from one address that day [\d,]+/ }),
  ).toBeVisible();
  const href = await page
    .getByRole("link", { name: "Download “Not counted” as CSV" })
    .getAttribute("href");
  const csv = await page.request.get(href ?? "");
  expect(await csv.text()).toMatch(
    /^Reason,Events\r\n(.*\r\n)*The database refused the event,\d+\r\n/,
  );

  await page.goto("/admin");
  await page
    .getByText(/^Events not counted in this period: [\d,]+\./)
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/admin\/analytics#table-not-counted$/);
  await expect(page.getByRole("table", { name: "Not counted" })).toBeVisible();
});
