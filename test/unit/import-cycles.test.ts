import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** No module of app/ imports itself back, not even through types: each reads top to bottom. */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "+types") sourceFiles(path, found);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The app modules a file imports or re-exports from (`~/…` and relative specifiers). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return specifiers.flatMap((specifier) => {
    let base: string;
    if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
    else if (specifier.startsWith(".")) base = resolve(dirname(file), specifier);
    else return [];
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ext) => base + ext)
      .find((path) => existsSync(path) && !path.endsWith("/"));
    return found && /\.tsx?$/.test(found) ? [found] : [];
  });
}

/** Every cycle's path, found by a depth-first walk. */
function cycles(): string[] {
  const graph = new Map(sourceFiles(APP).map((file) => [file, importsOf(file)]));
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const loop = [...stack.slice(stack.indexOf(next)), next];
        found.push(loop.map((path) => relative(ROOT, path)).join(" -> "));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("app modules", () => {
  it("import one another without a cycle", () => {
    expect(cycles()).toEqual([]);
  });
});
