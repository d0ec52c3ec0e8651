import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Two rules of docs/architecture.md (Layers), for every import spelling (type-only, dynamic,
 * re-exports, relative paths): app/components is UI and imports nothing from app/infra (server
 * infrastructure); app/domain takes and returns plain values and imports no react-router.
 * biome.json's noRestrictedImports says the same in the editor.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");
const INFRA = join(APP, "infra");

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'\n]+)["']/g;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** Each import of a file: its specifier and where it points (app/… paths resolved). */
function importsOf(file: string): { specifier: string; target: string }[] {
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const specifier = match[1]!;
    if (specifier.startsWith("~/")) return { specifier, target: join(APP, specifier.slice(2)) };
    if (specifier.startsWith(".")) return { specifier, target: resolve(dirname(file), specifier) };
    return { specifier, target: specifier };
  });
}

/** `file: specifier` for every import of the files under `dir` that `forbidden` matches. */
function offenders(dir: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(join(APP, dir)).flatMap((file) =>
    importsOf(file)
      .filter(({ target }) => forbidden(target))
      .map(({ specifier }) => `${relative(ROOT, file)}: ${specifier}`),
  );
}

const inInfra = (target: string) => target === INFRA || target.startsWith(`${INFRA}/`);
const isReactRouter = (target: string) =>
  target === "react-router" ||
  target.startsWith("react-router/") ||
  target.startsWith("@react-router/");

describe("layers", () => {
  it("reads the imports it judges (components reach lib, routes reach react-router)", () => {
    expect(
      offenders("components", (target) => target.startsWith(join(APP, "lib"))).length,
    ).toBeGreaterThan(10);
    expect(offenders("routes", isReactRouter).length).toBeGreaterThan(10);
  });

  it("app/components imports nothing from app/infra", () => {
    expect(offenders("components", inInfra)).toEqual([]);
  });

  it("app/domain imports neither react-router nor @react-router/*", () => {
    expect(offenders("domain", isReactRouter)).toEqual([]);
  });
});
