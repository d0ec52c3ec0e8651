import { describe, expect, it } from "vitest";
import {
  campaignOf,
  countryOf,
  deviceClass,
  type HeaderReader,
  isPersonRequest,
  optedOut,
  pageOf,
  referrerHost,
  sameSitePath,
} from "./visit.server";

const headers =
  (values: Record<string, string>): HeaderReader =>
  (name) =>
    values[name];

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0";

describe("who is counted", () => {
  it("counts browsers, not crawlers, scripts without a User-Agent, or prefetches", () => {
    expect(isPersonRequest(headers({ "user-agent": FIREFOX }))).toBe(true);
    expect(
      isPersonRequest(headers({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" })),
    ).toBe(false);
    expect(isPersonRequest(headers({ "user-agent": "curl/8.5.0" }))).toBe(false);
    expect(isPersonRequest(headers({}))).toBe(false);
    expect(isPersonRequest(headers({ "user-agent": FIREFOX, "sec-purpose": "prefetch" }))).toBe(
      false,
    );
    expect(isPersonRequest(headers({ "user-agent": FIREFOX, purpose: "prefetch" }))).toBe(false);
    expect(
      isPersonRequest(headers({ "user-agent": FIREFOX, "sec-purpose": "prefetch;prerender" })),
    ).toBe(false);
  });

  it("counts nobody who sends Do-Not-Track or Global Privacy Control", () => {
    expect(optedOut(headers({ dnt: "1" }))).toBe(true);
    expect(optedOut(headers({ "sec-gpc": "1" }))).toBe(true);
    expect(optedOut(headers({ dnt: "0" }))).toBe(false);
    expect(optedOut(headers({}))).toBe(false);
  });
});

describe("what a view records", () => {
  it("classes devices from the User-Agent", () => {
    expect(deviceClass(FIREFOX)).toBe("desktop");
    expect(deviceClass(IPHONE)).toBe("mobile");
    expect(deviceClass(IPAD)).toBe("tablet");
    expect(deviceClass(ANDROID_TABLET)).toBe("tablet");
    expect(deviceClass(`${ANDROID_TABLET} Mobile Safari/537.36`)).toBe("mobile");
  });

  it("keeps only another site's host as referrer", () => {
    expect(referrerHost("https://www.Google.com/search?q=agency", "site.test")).toBe("google.com");
    expect(referrerHost("https://site.test/blog", "site.test")).toBe("");
    expect(referrerHost("http://site.test:8080/blog", "site.test:8080")).toBe("");
    expect(referrerHost("android-app://com.slack", "site.test")).toBe("");
    expect(referrerHost("not a url", "site.test")).toBe("");
    expect(referrerHost(undefined, "site.test")).toBe("");
    expect(sameSitePath("https://site.test/sw/blog?x=1", "site.test")).toBe("/sw/blog");
    expect(sameSitePath("https://other.test/sw/blog", "site.test")).toBe("");
  });

  it("reads the campaign's tags, trimmed, lower-cased and bounded", () => {
    expect(
      campaignOf("/?utm_source=Newsletter&utm_medium=email&utm_campaign=%20Dec%20Launch%20&x=1"),
    ).toEqual({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "dec launch" });
    expect(campaignOf("/services")).toEqual({ utm_source: "", utm_medium: "", utm_campaign: "" });
    expect(campaignOf(`/?utm_source=${"x".repeat(5000)}`).utm_source).toHaveLength(100);
  });

  it("reads the country only from a trusted proxy", () => {
    const cloudflare = headers({ "cf-ipcountry": "ke" });
    expect(countryOf(cloudflare, true)).toBe("KE");
    expect(countryOf(cloudflare, false)).toBe("");
    expect(countryOf(headers({ "cf-ipcountry": "XX" }), true)).toBe("");
    expect(countryOf(headers({ "cf-ipcountry": "Kenya" }), true)).toBe("");
  });

  it("counts the page with its language, data requests as their page, never the back office", () => {
    expect(pageOf("/sw/services")).toEqual({ path: "/sw/services", lang: "sw" });
    expect(pageOf("/fr/blog.data")).toEqual({ path: "/fr/blog", lang: "fr" });
    expect(pageOf("/_root.data")).toEqual({ path: "/", lang: "en" });
    expect(pageOf("/sw.data")).toEqual({ path: "/sw", lang: "sw" });
    expect(pageOf("/admin")).toBeNull();
    expect(pageOf("/admin/analytics.data")).toBeNull();
    expect(pageOf(`/blog/${"a".repeat(500)}`)?.path).toHaveLength(200);
  });
});
