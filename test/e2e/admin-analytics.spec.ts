import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dayIn } from "../../app/lib/time-zone";
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
/** A view at 01:30 today in Nairobi — 22:30 UTC the day before — under its own campaign. */
const NIGHT_CAMPAIGN = `e2e-night-${stamp}`;
const ZONE = "Africa/Nairobi";
const today = dayIn(Date.now(), ZONE);
const yesterday = dayIn(Date.parse(`${today}T12:00:00Z`) - 86_400_000, ZONE);
const nightView = Date.parse(`${today}T01:30:00Z`) - 3 * 3_600_000;

/**
 * Tests of a fully parallel file each run their `beforeAll` in the worker that takes them, while
 * the module (its stamp) is loaded once per worker: two of them in one worker would write this
 * worker's views twice (a fresh-clone CI run saw "1 2" for the night campaign). Once per worker.
 */
let seeded = false;

test.beforeAll(async () => {
  await ensureAdminOnboarded();
  if (seeded) return;
  seeded = true;
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
  // As the site's writer sends a batch, with its zone (AGENCY_TIME_ZONE).
  const night = await service.rpc("analytics_record", {
    p_batch: randomUUID(),
    p_events: [
      {
        ...base,
        at: new Date(nightView).toISOString(),
        kind: "view",
        path: "/fr/services",
        lang: "fr",
        utm_source: "sms",
        utm_medium: "",
        utm_campaign: NIGHT_CAMPAIGN,
        visitor: visitor(3),
        address: "d".repeat(32),
      },
    ],
    p_not_counted: [],
    p_day_budget: 100_000,
    p_browsers_per_address: 100,
    p_events_per_visitor: 300,
    p_time_zone: ZONE,
  });
  if (night.error) throw new Error(night.error.message);
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

test("in French, a day and its hours are the agency's (22:30 UTC is the next day in Nairobi) and the CSV files speak French", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await signIn(page, ADMIN, "/admin/analytics?period=today");
  await expect(page.getByText("Heures de Africa/Nairobi.")).toBeVisible();
  await expect(
    page.getByText("Les jours commencent à minuit, heure de Africa/Nairobi."),
  ).toBeVisible();
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
  // Today begins at the agency's midnight (21:00 UTC the day before), not UTC's.
  expect(first).toMatch(new RegExp(`^${today} 00:00,\\d+,\\d+$`));
  // The view of 22:30 UTC yesterday is today's, at 01:00–02:00 in Nairobi…
  const oneThirty = series.split("\r\n").find((line) => line.startsWith(`${today} 01:00,`));
  expect(Number(oneThirty?.split(",")[1])).toBeGreaterThanOrEqual(1);
  const campaigns = page.getByRole("table", { name: "Campagnes" });
  await expect(
    campaigns.getByRole("row", { name: new RegExp(`${NIGHT_CAMPAIGN} 1 1`) }),
  ).toBeVisible();
  // …and not yesterday's, as it was when days were UTC days.
  await page.goto(`/admin/analytics?period=custom&from=${yesterday}&to=${yesterday}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(NIGHT_CAMPAIGN)).toHaveCount(0);
  await page.goto(`/admin/analytics?period=custom&from=${today}&to=${today}`);
  await expect(
    page.getByRole("table", { name: "Campagnes" }).getByText(NIGHT_CAMPAIGN),
  ).toBeVisible();
});
