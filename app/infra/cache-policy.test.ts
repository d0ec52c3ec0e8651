import { describe, expect, it } from "vitest";
import {
  CACHE_CONTROL,
  cacheHeaders,
  finalCacheControl,
  isAnonymousRead,
  isSharedCacheable,
  keepPrivateWhenAuthAsks,
} from "./cache-policy";

const publicHeaders = () => new Headers({ "Cache-Control": "public, s-maxage=300" });

describe("isAnonymousRead", () => {
  it("accepts cookie-less and unrelated-cookie GET/HEAD", () => {
    expect(isAnonymousRead("GET", undefined)).toBe(true);
    expect(isAnonymousRead("HEAD", "theme=dark")).toBe(true);
  });
  it("refuses sessions, flash messages and writes", () => {
    expect(isAnonymousRead("GET", "sb-127-auth-token=base64-abc")).toBe(false);
    expect(isAnonymousRead("GET", "a=1; sb-127-auth-token.0=x")).toBe(false);
    expect(isAnonymousRead("GET", "toast=abc")).toBe(false);
    expect(isAnonymousRead("POST", undefined)).toBe(false);
  });
});

describe("isSharedCacheable", () => {
  it("needs 200, public and no Set-Cookie", () => {
    expect(isSharedCacheable(200, publicHeaders())).toBe(true);
    expect(isSharedCacheable(404, publicHeaders())).toBe(false);
    expect(isSharedCacheable(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(
      false,
    );
    expect(isSharedCacheable(200, new Headers())).toBe(false);
    const withCookie = publicHeaders();
    withCookie.append("Set-Cookie", "a=1");
    expect(isSharedCacheable(200, withCookie)).toBe(false);
  });
});

describe("the kinds a route or the server names", () => {
  it("share feeds like public pages, and keep files, probes and personal answers apart", () => {
    expect(cacheHeaders("feed")).toEqual({ "Cache-Control": CACHE_CONTROL["public-cacheable"] });
    expect(cacheHeaders("private")).toEqual({ "Cache-Control": "private, no-store" });
    expect(cacheHeaders("transient")).toEqual({ "Cache-Control": "no-store" });
    expect(cacheHeaders("content-addressed")).toEqual({
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    expect(cacheHeaders("public-file")).toEqual({ "Cache-Control": "public, max-age=3600" });
  });
});

describe("finalCacheControl", () => {
  const chosen = (value: string, cookie?: string) => {
    const headers = new Headers({ "Cache-Control": value });
    if (cookie) headers.append("Set-Cookie", cookie);
    return headers;
  };
  const PUBLIC = CACHE_CONTROL["public-cacheable"];

  it("keeps the route's class for an anonymous, cookie-less success", () => {
    expect(finalCacheControl(true, 200, chosen(PUBLIC))).toBe(PUBLIC);
    expect(finalCacheControl(true, 302, chosen(PUBLIC))).toBe(PUBLIC);
  });

  it("makes private whatever is signed in, sets a cookie, failed or chose nothing", () => {
    expect(finalCacheControl(false, 200, chosen(PUBLIC))).toBe("private, no-store");
    expect(finalCacheControl(true, 200, chosen(PUBLIC, "toast=1"))).toBe("private, no-store");
    expect(finalCacheControl(true, 404, chosen(PUBLIC))).toBe("private, no-store");
    expect(finalCacheControl(true, 404, chosen("no-store"))).toBe("private, no-store");
    expect(finalCacheControl(true, 200, new Headers())).toBe("private, no-store");
  });

  it("keeps content-addressed files immutable for everyone, but not an error or a cookie", () => {
    const immutable = CACHE_CONTROL.immutable;
    expect(finalCacheControl(false, 200, chosen(immutable))).toBe(immutable);
    expect(finalCacheControl(false, 304, chosen(immutable))).toBe(immutable);
    expect(finalCacheControl(false, 416, chosen(immutable))).toBe("private, no-store");
    expect(finalCacheControl(true, 200, chosen(immutable, "a=1"))).toBe("private, no-store");
  });
});

describe("keepPrivateWhenAuthAsks", () => {
  it("makes the response private only when the auth client asked", () => {
    const response = new Headers({ "Cache-Control": CACHE_CONTROL["public-cacheable"] });
    keepPrivateWhenAuthAsks(new Headers(), response);
    expect(response.get("Cache-Control")).toBe(CACHE_CONTROL["public-cacheable"]);
    keepPrivateWhenAuthAsks(new Headers({ "Cache-Control": "no-cache" }), response);
    expect(response.get("Cache-Control")).toBe("private, no-store");
  });
});
