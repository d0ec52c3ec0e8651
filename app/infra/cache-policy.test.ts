import { describe, expect, it } from "vitest";
import { isAnonymousRead, isSharedCacheable } from "./cache-policy";

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
