/** The one route matcher (route-table.ts) that every service's table goes through. */
import { describe, expect, it } from "vitest";
import { compileRoutes, guardOf, route } from "../route-table.ts";

const table = compileRoutes([
  route("GET", "/admin/users", "serviceRole", "list"),
  route("GET", "/admin/users/:id", "serviceRole", "get"),
  route("PUT DELETE", "/admin/users/:id", "serviceRole", "change"),
  route("GET HEAD", "/object/sign/:bucket/*", "open", "signed"),
  route("GET HEAD", "/object/:bucket/*", "callerOrAnon", "read"),
  route("*", "/object/:bucket/*", "caller", "other"),
  route("GET", "/health", "open", "health"),
  route("GET", "/mailbox/", "open", "page"),
]);

describe("compileRoutes(...).match", () => {
  it("finds the first route whose method and pattern fit, with its params decoded", () => {
    const found = table.match("GET", "/admin/users/a%20b%2Fc");
    expect(found).toMatchObject({ kind: "found", params: { id: "a b/c" } });
    expect(found.kind === "found" && found.route.handler).toBe("get");
    const changed = table.match("DELETE", "/admin/users/x");
    expect(changed.kind === "found" && changed.route.handler).toBe("change");
    const exact = table.match("GET", "/admin/users");
    expect(exact).toMatchObject({ kind: "found", params: {} });
  });

  it("binds a trailing wildcard to the rest of the path, each segment decoded", () => {
    const deep = table.match("GET", "/object/sign/media/dir/a%20b%2F.png");
    expect(deep).toMatchObject({
      kind: "found",
      params: { bucket: "media", "*": "dir/a b/.png" },
    });
    expect(deep.kind === "found" && deep.route.handler).toBe("signed");
    // None, or an empty one: the key is "".
    expect(table.match("GET", "/object/media")).toMatchObject({ params: { "*": "" } });
    expect(table.match("GET", "/object/media/")).toMatchObject({ params: { "*": "" } });
    // Earlier routes win: `sign` is a bucket only where the signed route does not fit.
    const post = table.match("POST", "/object/sign/media/a.png");
    expect(post).toMatchObject({ params: { bucket: "sign", "*": "media/a.png" } });
    expect(post.kind === "found" && post.route.handler).toBe("other");
  });

  it("matches literal segments exactly: no trailing slash, doubled slash or encoded letter", () => {
    for (const path of ["/health/", "//health", "/heal%74h", "/HEALTH", "/admin/users/a/b"]) {
      expect(table.match("GET", path), path).toEqual({ kind: "missed", allowed: [] });
    }
    expect(table.match("GET", "/mailbox/")).toMatchObject({ kind: "found" });
    expect(table.match("GET", "/mailbox")).toMatchObject({ kind: "missed" });
  });

  it("tells a path whose methods do not fit from no such path", () => {
    expect(table.match("POST", "/admin/users/x")).toEqual({
      kind: "missed",
      allowed: ["GET", "PUT", "DELETE"],
    });
    expect(table.match("POST", "/health")).toEqual({ kind: "missed", allowed: ["GET"] });
    expect(table.match("GET", "/nothing")).toEqual({ kind: "missed", allowed: [] });
    expect(table.hasPath("/health")).toBe(true);
    expect(table.hasPath("/nothing")).toBe(false);
    // `*` takes any method, even one no route names.
    const any = table.match("BREW", "/object/media/pot");
    expect(any.kind === "found" && any.route.handler).toBe("other");
  });

  it("needs a character for a param unless the grammar lets it be empty", () => {
    expect(table.match("GET", "/admin/users/")).toEqual({ kind: "missed", allowed: [] });
    expect(table.match("GET", "/object//key")).toEqual({ kind: "missed", allowed: [] });
    const lenient = compileRoutes([route("GET", "/rpc/:fn", "apiKey", "call")], {
      emptyParams: true,
    });
    expect(lenient.match("GET", "/rpc/")).toMatchObject({ kind: "found", params: { fn: "" } });
  });

  it("reports malformed percent-encoding of a matched route's param, and the route", () => {
    const malformed = table.match("GET", "/admin/users/%ZZ");
    expect(malformed.kind).toBe("malformed");
    expect(malformed.kind === "malformed" && malformed.route?.handler).toBe("get");
    expect(table.match("GET", "/object/media/a/%E0%A4%A").kind).toBe("malformed");
    // Only the route that fits is decoded: a method that fits none is a miss, as before.
    expect(table.match("POST", "/admin/users/%ZZ")).toEqual({
      kind: "missed",
      allowed: ["GET", "PUT", "DELETE"],
    });
  });

  it("decodes every segment first in PostgREST's grammar", () => {
    const rest = compileRoutes(
      [route("GET", "/rpc/:fn", "apiKey", "call"), route("GET", "/:table", "apiKey", "read")],
      { decodeSegments: true, emptyParams: true },
    );
    // Literals match the decoded text, and params are decoded once (not twice).
    expect(rest.match("GET", "/rp%63/f%2525")).toMatchObject({ params: { fn: "f%25" } });
    // A malformed segment anywhere fails the path before any route is tried.
    expect(rest.match("GET", "/%E0%A4%A")).toEqual({ kind: "malformed" });
    expect(rest.match("GET", "/a%ZZ/b/c")).toEqual({ kind: "malformed" });
  });
});

describe("guardOf", () => {
  it("is the guard of the route reached, else the service's fallback", () => {
    expect(guardOf(table.match("GET", "/health"), "apiKey")).toBe("open");
    expect(guardOf(table.match("GET", "/admin/users/%ZZ"), "apiKey")).toBe("serviceRole");
    expect(guardOf(table.match("GET", "/nothing"), "apiKey")).toBe("apiKey");
  });
});

describe("route patterns", () => {
  it("refuse a wildcard that does not end the pattern", () => {
    expect(() => compileRoutes([route("GET", "/a/*/b", "open", "x")])).toThrow(/must end/);
  });
});
