import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/translate.server";
import { reportCsv } from "./csv";
import { parsePeriod } from "./period";
import { buildReport, type Point } from "./report";

const naming = (locale: "en" | "fr" = "en") => ({
  t: translator(locale),
  serviceName: (slug: string) => ({ "bulk-sms": "Bulk SMS" })[slug],
  timeZone: "Africa/Nairobi",
});

function reportOf(period: string, rows: Parameters<typeof buildReport>[1], series: Point[] = []) {
  const parsed = parsePeriod(
    new URLSearchParams(`period=${period}`),
    "Africa/Nairobi",
    Date.UTC(2026, 11, 5, 12),
  );
  if (!parsed.ok) throw new Error("no period");
  return buildReport(parsed.period, rows, [], series);
}

describe("reportCsv", () => {
  it("neutralises a campaign tag a spreadsheet would run as a formula", () => {
    const report = reportOf("7d", [
      { dimension: "total", value: "", views: 3, visitors: 2 },
      { dimension: "campaign", value: '=hyperlink("http://x")', views: 3, visitors: 2 },
    ]);
    expect(reportCsv(report, "campaigns", naming())).toBe(
      'Campaign,Visitors,Page views\r\n"\'=hyperlink(""http://x"")",2,3\r\n',
    );
  });

  it("names what the page names, in the admin's language, with bare numbers", () => {
    const report = reportOf("7d", [
      { dimension: "total", value: "", views: 1500, visitors: 1200 },
      { dimension: "source", value: "", views: 1000, visitors: 900 },
      { dimension: "source", value: "google.com", views: 500, visitors: 300 },
      { dimension: "goal", value: "quote:bulk-sms", views: 3, visitors: 3 },
      { dimension: "goal", value: "quote:gone-service", views: 1, visitors: 1 },
      { dimension: "goal", value: "signup", views: 2, visitors: 2 },
    ]);
    expect(reportCsv(report, "sources", naming())).toBe(
      "Source,Visitors,Page views\r\nDirect / none,900,1000\r\ngoogle.com,300,500\r\n",
    );
    const goals = reportCsv(report, "goals", naming("fr")).split("\r\n");
    expect(goals[0]).toBe("Objectif,Conversions,Visiteurs,Taux de conversion");
    expect(goals, goals.join("|")).toContain("Demande de devis : Bulk SMS,3,3,0.3");
    // A service that is gone keeps its slug: nothing better is known.
    expect(goals.some((line) => line.includes(": gone-service,1,1"))).toBe(true);
    expect(goals.join("\n")).not.toContain("quote:");
  });

  it("tells a one-day chart's hours in the agency's time zone, with their day", () => {
    const report = reportOf(
      "today",
      [{ dimension: "total", value: "", views: 2, visitors: 1 }],
      [
        { at: "2026-12-05T10:00:00+00:00", views: 2, visitors: 1 },
        { at: "2026-12-05T22:00:00+00:00", views: 0, visitors: 0 },
      ],
    );
    expect(reportCsv(report, "series", naming())).toBe(
      "When,Visitors,Page views\r\n2026-12-05 13:00,1,2\r\n2026-12-06 01:00,0,0\r\n",
    );
  });
});
