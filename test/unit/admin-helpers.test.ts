import { describe, expect, it } from "vitest";
import { monthStart } from "~/domain/admin/overview.server";
import { pageCount, pageNumber, pageRange, searchTerm } from "~/domain/admin/pagination";
import { searchFilter } from "~/domain/admin/queries.server";
import { excerpt, replyMailto } from "~/domain/contact/inbox";
import { csvCell, subscribersCsv } from "~/domain/newsletter/csv";
import { readToken, signatureMatches, signLink } from "~/domain/newsletter/links.server";
import { backoffMs, MAX_ATTEMPTS } from "~/domain/outbox/outbox.server";
import { translator } from "~/i18n/translate.server";

describe("subscriber CSV (RFC 4180, formula injection with , and ; separators)", () => {
  it.each([
    ["plain@example.com", "plain@example.com"],
    ['say "hi"', '"say ""hi"""'],
    ["a,b", '"a,b"'],
    ["line\nbreak", '"line\nbreak"'],
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+254712345678", `"'+254712345678"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tTAB", `"'\tTAB"`],
    ["\rCR", '"\'\rCR"'],
    ["x;=1+1;@x.co", '"x;=1+1;@x.co"'],
    ["a\t=1@x.co", '"a\t=1@x.co"'],
    ["", ""],
  ])("cell %j → %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("writes the header and CRLF-terminated rows", () => {
    const csv = subscribersCsv([
      { email: "=cmd@example.com", created_at: "2026-11-01T10:00:00Z", status: "confirmed" },
      { email: "b@example.com", created_at: "2026-11-02T10:00:00Z", status: "pending" },
    ]);
    expect(csv).toBe(
      'email,subscribed_at,status\r\n"\'=cmd@example.com",2026-11-01T10:00:00Z,confirmed\r\nb@example.com,2026-11-02T10:00:00Z,pending\r\n',
    );
  });
});

describe("signed newsletter links", () => {
  const subscriber = { id: 42, email: "Reader@Example.com" };

  it("verify for the same purpose, id and address only", () => {
    const token = signLink("confirm", subscriber);
    const parts = readToken(token);
    if (typeof parts === "string") throw new Error(parts);
    expect(signatureMatches("confirm", parts, "reader@example.com")).toBe(true);
    expect(signatureMatches("unsubscribe", parts, "reader@example.com")).toBe(false);
    expect(signatureMatches("confirm", parts, "other@example.com")).toBe(false);
    expect(signatureMatches("confirm", { ...parts, id: 43 }, "reader@example.com")).toBe(false);
    expect(
      signatureMatches("confirm", { ...parts, expires: parts.expires + 1 }, "reader@example.com"),
    ).toBe(false);
  });

  it("refuse malformed and expired tokens before any lookup", () => {
    for (const bad of [
      null,
      "",
      "x.y.z",
      "42.0.short",
      `0.0.${"a".repeat(43)}`,
      "a".repeat(5000),
    ]) {
      expect(readToken(bad)).toBe("malformed");
    }
    const eightDaysAgo = Date.now() - 8 * 24 * 3600_000;
    expect(readToken(signLink("confirm", subscriber, eightDaysAgo))).toBe("expired");
    expect(typeof readToken(signLink("unsubscribe", subscriber, eightDaysAgo))).toBe("object");
  });
});

describe("admin list helpers", () => {
  it("reads page numbers and ranges", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of [null, "", "0", "-1", "1.5", "abc", "99999999"])
      expect(pageNumber(bad)).toBe(1);
    expect(pageRange(2)).toEqual({ from: 25, to: 49 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(51)).toBe(3);
    expect(searchTerm(`  ${"x".repeat(300)} `)).toHaveLength(100);
  });

  it("escapes LIKE wildcards and drops PostgREST syntax from searches", () => {
    expect(searchFilter(["name", "email"], "50%_off")).toBe(
      "name.ilike.%50\\%\\_off%,email.ilike.%50\\%\\_off%",
    );
    expect(searchFilter(["email"], 'a,b).or(id.gt.0"')).toBe("email.ilike.%a b .or id.gt.0%");
  });

  it("starts the month in Nairobi time", () => {
    expect(monthStart(new Date("2026-11-30T22:00:00Z")).toISOString()).toBe(
      "2026-11-30T21:00:00.000Z",
    );
    expect(monthStart(new Date("2026-11-15T12:00:00Z")).toISOString()).toBe(
      "2026-10-31T21:00:00.000Z",
    );
  });

  it("builds a reply link with Re: and the quoted message, in the lead's language", () => {
    const lead = { name: "Wanjiku", email: "w+1@example.com", message: "Line one\nLine two" };
    const url = new URL(replyMailto(lead, translator("en")));
    expect(url.protocol).toBe("mailto:");
    expect(decodeURIComponent(url.pathname)).toBe("w+1@example.com");
    expect(url.searchParams.get("subject")).toBe("Re: Your message to us");
    expect(url.searchParams.get("body")).toMatch(/^Hello Wanjiku,\n/);
    expect(url.searchParams.get("body")).toContain("> Line one\n> Line two");
    const sw = new URL(replyMailto(lead, translator("sw")));
    expect(sw.searchParams.get("subject")).toBe("Re: Ujumbe wako kwetu");
    expect(sw.searchParams.get("body")).toMatch(/^Habari Wanjiku,\n[\s\S]*> Line two\n$/);
    const fr = new URL(replyMailto(lead, translator("fr")));
    expect(fr.searchParams.get("body")).toMatch(/^Bonjour Wanjiku,\n/);
    expect(excerpt("a\n\nb   c")).toBe("a b c");
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
  });
});
