import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";

/**
 * /admin/analytics with and without JavaScript, on a desktop and a 360 px phone. Other tests'
 * visits are counted too, so the checks look for this file's own campaign.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CAMPAIGN = `e2e-${stamp}`;

test.beforeAll(async () => {
  await ensureAdminOnboarded();
  const service = await serviceClient();
  const base = {
    at: new Date().toISOString(),
    lang: "en",
    goal: "",
    detail: "",
    referrer: "",
    utm_source: "mail",
    utm_medium: "email",
    utm_campaign: CAMPAIGN,
    country: "KE",
    device: "mobile",
  };
  const visitor = (n: number) => `${stamp}${n}`.padEnd(32, "0").replace(/[^0-9a-f]/g, "a");
  const { error } = await service.from("analytics_events").insert([
    { ...base, kind: "view", path: "/services", visitor: visitor(1) },
    { ...base, kind: "view", path: "/contact", visitor: visitor(1) },
    { ...base, kind: "view", path: "/", visitor: visitor(2) },
    { ...base, kind: "goal", goal: "contact", path: "/contact", visitor: visitor(1) },
  ]);
  if (error) throw new Error(error.message);
});

test("the admin reads a period's visits and leads, picks another period, and downloads a table", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/admin/analytics?period=today");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Visitors and page views per hour/ })).toBeVisible();
  const campaigns = page.getByRole("table", { name: "Campaigns" });
  await expect(
    campaigns.getByRole("row", { name: new RegExp(`mail / email / ${CAMPAIGN} 2 3`) }),
  ).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Goals", exact: true }).getByText("Contact message"),
  ).toBeVisible();
  await expectAccessible(page);

  // The CSV of the campaigns, as the link downloads it.
  const href = await page
    .getByRole("link", { name: "Download “Campaigns” as CSV" })
    .getAttribute("href");
  const csv = await page.request.get(href ?? "");
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain(`mail / email / ${CAMPAIGN},2,3\r\n`);

  // A wrong custom period: the message next to the field, the typed dates kept.
  await page.getByRole("combobox", { name: "Period" }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-11-20");
  await page.getByLabel("To", { exact: true }).fill("2026-11-10");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(fieldError(page, "The end date must not be before the start date.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-11-10");
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("combobox", { name: "Period" }).selectOption("30d");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=30d/);
  await expect(page.getByRole("img", { name: /Visitors and page views per day/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Campaigns" }).getByText(CAMPAIGN)).toBeVisible();
});

test("/admin/analytics fits a 360 px phone and is accessible; /admin shows the last 7 days", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN, "/admin/analytics?period=7d");
  await expect(page.getByRole("table", { name: "Top pages" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // The chart's axis labels keep 12 px where the drawing shrinks to about half its size.
  const chart = page.locator("figure").first();
  await expect(chart.locator("svg text")).toHaveCount(0);
  const labels = chart.locator("[aria-hidden=true] > span");
  await expect(labels).toHaveCount(4);
  const sizes = await labels.evaluateAll((spans) =>
    spans.map((span) => Number.parseFloat(getComputedStyle(span).fontSize)),
  );
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
  await expectAccessible(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Last 7 days" })).toBeVisible();
  await page.getByRole("link", { name: "Open analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
});

test("in French, a day's hours are the agency's and the CSV files speak French", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await signIn(page, ADMIN, "/admin/analytics?period=today");
  await expect(page.getByText("Heures de Africa/Nairobi.")).toBeVisible();
  const href = await page
    .getByRole("link", { name: "Télécharger « Objectifs » en CSV" })
    .getAttribute("href");
  const goals = await (await page.request.get(href ?? "")).text();
  expect(goals.split("\r\n")[0]).toBe("Objectif,Conversions,Visiteurs,Taux de conversion");
  const series = await (
    await page.request.get("/admin/analytics.csv?table=series&period=today")
  ).text();
  const [heading, first] = series.split("\r\n");
  expect(heading).toBe("Quand,Visiteurs,Pages vues");
  // Today's first hour (00:00 UTC) is 03:00 in Nairobi.
  expect(first).toMatch(/^\d{4}-\d{2}-\d{2} 03:00,\d+,\d+$/);
});
