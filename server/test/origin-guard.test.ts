import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isCrossOriginRequest } from "../origin-guard.ts";

function req(method: string, headers: Record<string, string>): IncomingMessage {
  return { method, headers } as unknown as IncomingMessage;
}

describe("isCrossOriginRequest", () => {
  const host = "agency.example:3000";
  it("never blocks safe methods", () => {
    expect(isCrossOriginRequest(req("GET", { "sec-fetch-site": "cross-site" }), host)).toBe(false);
    expect(isCrossOriginRequest(req("HEAD", { origin: "https://evil.example" }), host)).toBe(false);
  });
  it("trusts Sec-Fetch-Site same-origin and none", () => {
    expect(isCrossOriginRequest(req("POST", { "sec-fetch-site": "same-origin" }), host)).toBe(
      false,
    );
    expect(isCrossOriginRequest(req("POST", { "sec-fetch-site": "none" }), host)).toBe(false);
  });
  it("refuses cross-site, and same-site from another origin", () => {
    expect(isCrossOriginRequest(req("POST", { "sec-fetch-site": "cross-site" }), host)).toBe(true);
    expect(
      isCrossOriginRequest(
        req("POST", { "sec-fetch-site": "same-site", origin: "https://blog.agency.example" }),
        host,
      ),
    ).toBe(true);
  });
  it("falls back to comparing Origin with Host", () => {
    expect(isCrossOriginRequest(req("POST", { origin: "http://agency.example:3000" }), host)).toBe(
      false,
    );
    expect(isCrossOriginRequest(req("POST", { origin: "http://evil.example" }), host)).toBe(true);
    expect(isCrossOriginRequest(req("DELETE", { origin: "null" }), host)).toBe(true);
  });
  it("lets through requests with neither header (non-browser clients)", () => {
    expect(isCrossOriginRequest(req("POST", {}), host)).toBe(false);
  });
});
