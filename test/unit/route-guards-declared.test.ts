import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as session from "~/web/session.server";
import { adminOnly, signedInOnly, signedInToPost } from "~/web/session.server";

/**
 * Guards and limits are declared once: the admin and account layouts' middleware guard the
 * routes below them and put the viewer into the router context (app/web/session.server.ts,
 * app/web/viewer.server.ts); a route's rate limits are a `LIMITS` constant beside it, applied by
 * `overLimit` (app/web/limits.server.ts). This keeps route modules from calling a guard or the
 * limiter themselves again.
 */

const CALLS = [
  { what: "a guard", pattern: /\brequire(?:Admin|User)\s*\(/g },
  {
    what: "the limiter",
    pattern: /\b(?:consumeRateLimit|refundRateLimit|rateLimit|mailActionLimit)\s*\(/g,
  },
  { what: "the limiter's module", pattern: /["']~\/infra\/rate-limit\.server["']/g },
];

/** The source without its comments (a comment may name what the code must not call). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/** What a module calls that it must not, as "what: the text". */
function offences(source: string): string[] {
  const text = code(source);
  return CALLS.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((match) => `${what}: ${match[0]}`),
  );
}

/** The limits a module applies that are not its declared `LIMITS`. */
function undeclaredLimits(source: string): string[] {
  const text = code(source);
  const applied = [...text.matchAll(/\boverLimit\(\s*[^,]+,\s*([^\s,]+)/g)].map((m) => m[1] ?? "");
  const declared = /\bconst LIMITS\b/.test(text);
  return applied.filter((limits) => !declared || !/^LIMITS\.\w+$/.test(limits.trim()));
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the scan", () => {
  it("finds a guard or limiter called by hand, and an undeclared limit", () => {
    expect(offences("const user = await requireAdmin(args);")).toEqual(["a guard: requireAdmin("]);
    expect(offences('await rateLimit("signup", request);')).toEqual(["the limiter: rateLimit("]);
    expect(offences('import { consumeRateLimit } from "~/infra/rate-limit.server";')).toEqual([
      `the limiter's module: "~/infra/rate-limit.server"`,
    ]);
    expect(offences("// requireUser(args) used to stand here")).toEqual([]);
    expect(undeclaredLimits('await overLimit(request, [perAddress("signup")], value);')).toEqual([
      '[perAddress("signup")]',
    ]);
    expect(
      undeclaredLimits("const LIMITS = {};\nawait overLimit(request, LIMITS.signup, value);"),
    ).toEqual([]);
  });
});

describe("route modules", () => {
  const files = modulesUnder("app/routes");

  it("call no guard and no limiter (the layouts guard, declared limits are applied for them)", () => {
    expect(files.length).toBeGreaterThan(60);
    const found = files.flatMap((file) =>
      offences(readFileSync(file, "utf8")).map((offence) => `${file}: ${offence}`),
    );
    expect(found).toEqual([]);
  });

  it("apply only the limits they declare beside them (a LIMITS constant)", () => {
    const applying = files.filter((file) => /\boverLimit\(/.test(readFileSync(file, "utf8")));
    expect(applying.length).toBeGreaterThanOrEqual(9);
    const found = applying.flatMap((file) =>
      undeclaredLimits(readFileSync(file, "utf8")).map((limits) => `${file}: ${limits}`),
    );
    expect(found).toEqual([]);
  });
});

describe("the routes' glue (app/web)", () => {
  it("offers no guard to call: the session module exports the layouts' middleware", () => {
    expect(Object.keys(session)).not.toContain("requireUser");
    expect(Object.keys(session)).not.toContain("requireAdmin");
    for (const middleware of [signedInOnly, signedInToPost, adminOnly]) {
      expect(typeof middleware).toBe("function");
    }
  });

  it("reaches the limiter in one module only (limits.server.ts)", () => {
    const found = modulesUnder("app/web")
      .filter(
        (file) => !file.endsWith("limits.server.ts") || file.endsWith("mail-limits.server.ts"),
      )
      .flatMap((file) => offences(readFileSync(file, "utf8")).map((o) => `${file}: ${o}`));
    expect(found).toEqual([]);
  });
});
