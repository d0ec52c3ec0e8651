import { describe, expect, it } from "vitest";
import { reportCsv } from "./csv";
import { parsePeriod } from "./period";
import { buildReport } from "./report";

describe("reportCsv", () => {
  it("neutralises a campaign tag a spreadsheet would run as a formula", () => {
    const week = parsePeriod(new URLSearchParams("period=7d"), Date.UTC(2026, 11, 5));
    if (!week.ok) throw new Error("no period");
    const report = buildReport(
      week.period,
      [
        { dimension: "total", value: "", views: 3, visitors: 2 },
        { dimension: "campaign", value: '=hyperlink("http://x")', views: 3, visitors: 2 },
      ],
      [],
      [],
    );
    expect(reportCsv(report, "campaigns")).toBe(
      'campaign,visitors,views\r\n"\'=hyperlink(""http://x"")",2,3\r\n',
    );
  });
});
