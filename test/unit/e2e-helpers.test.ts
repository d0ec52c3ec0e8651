import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * End-to-end tests ask "is JavaScript on?" through one helper (test/e2e/helpers/js.ts) and wait
 * for hydration on the app's public marker (test/e2e/helpers/hydrated.ts), not React's internals.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const E2E = join(ROOT, "test/e2e");

function specFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) specFiles(path, found);
    else if (entry.name.endsWith(".ts")) found.push(path);
  }
  return found;
}

function linesMatching(pattern: RegExp, skip: string): string[] {
  return specFiles(E2E)
    .filter((path) => relative(ROOT, path) !== skip)
    .flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          pattern.test(line) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe("end-to-end helpers", () => {
  it("read the project's JavaScript setting only in jsOn()", () => {
    expect(
      linesMatching(/project\.use\.javaScriptEnabled|\bjsEnabled\b/, "test/e2e/helpers/js.ts"),
    ).toEqual([]);
  });

  it("never read React's private fields", () => {
    expect(linesMatching(/__react(Props|Fiber|Container)/, "")).toEqual([]);
  });
});
