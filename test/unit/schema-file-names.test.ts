import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** A domain's form schemas live in its `schema.server.ts`: one name to look for. */
const ROOT = resolve(import.meta.dirname, "../..");

function schemaFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) schemaFiles(path, found);
    else if (/schema/i.test(entry.name)) found.push(relative(ROOT, path));
  }
  return found;
}

describe("schema modules", () => {
  it("are all named schema.server.ts", () => {
    const files = schemaFiles(join(ROOT, "app"));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((path) => !path.endsWith("/schema.server.ts"))).toEqual([]);
  });
});
