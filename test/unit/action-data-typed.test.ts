import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Pages read their action's answer as typed by the action (its `FormAnswer<Reply>` return,
 * app/web/replies.server.ts), never through a cast that could drift from what the action
 * sends.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "+types") sourceFiles(path, found);
    } else if (/\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** `actionData as …`, `useActionData() as …`, and a renamed prop cast to a reply type. */
const CASTS = [/\bactionData\)?\s+as\b/, /\buseActionData\(\)\)?\s+as\b/, /\bas\s+\w*Reply\b/];

function castsIn(path: string): string[] {
  // Server modules build replies (app/web/replies.server.ts); pages and components read them.
  if (path.endsWith(".server.ts")) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .flatMap((line, index) =>
      CASTS.some((cast) => cast.test(line))
        ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`]
        : [],
    );
}

describe("action data", () => {
  it("is read without a cast in every page and component", () => {
    const files = sourceFiles(APP);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(castsIn)).toEqual([]);
  });

  it("would be caught in each spelling of a cast", () => {
    const samples = [
      "const reply = actionData as FormReply | undefined;",
      "toasts={[(actionData as FormReply | undefined)?.toast]}",
      "const typed = (useActionData() as { result?: unknown })?.result;",
      "const reply = answer as MediaReply | undefined;",
    ];
    for (const sample of samples) expect(CASTS.some((cast) => cast.test(sample))).toBe(true);
    expect(CASTS.some((cast) => cast.test("const reply = actionData;"))).toBe(false);
  });
});
