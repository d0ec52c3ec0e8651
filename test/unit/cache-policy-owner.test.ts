import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/**
 * app/infra/cache-policy.ts is the one owner of `Cache-Control`: route, domain and server
 * modules name a kind of response (`cacheHeaders("feed")`) or ask one of its helpers, and never
 * write the header or one of its values themselves. test/integration/cache-classes.test.ts checks
 * what each route sends; this keeps a new module from deciding on its own.
 */
const OWNER = "app/infra/cache-policy.ts";
const HEADER_OR_VALUE =
  /cache-control|no-store|no-cache|s-maxage|stale-while-revalidate|immutable|public,\s*max-age|private,/i;
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1).)*)\1/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it("leaves Cache-Control and its values to the cache-policy module", () => {
  const files = [...sources("app"), ...sources("server")];
  expect(files.length).toBeGreaterThan(100);
  expect(files).toContain(OWNER);
  const found: string[] = [];
  for (const file of files.filter((f) => f !== OWNER)) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const [literal, , text] of line.matchAll(STRING_LITERAL)) {
          if (HEADER_OR_VALUE.test(text ?? "")) found.push(`${file}:${i + 1}: ${literal}`);
        }
      });
  }
  expect(found).toEqual([]);
});
