import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rules of docs/architecture.md (Layers), for every import spelling (type-only, dynamic,
 * re-exports, relative paths): imports run downwards only — routes and the root → app/web (the
 * routes' glue) → app/domain → app/infra and app/lib; components are UI (no infra, no web); the
 * domain takes and returns plain values (no react-router); server/ reaches a short list of app
 * modules. biome.json's noRestrictedImports says the same in the editor and `npm run lint`, and
 * the last tests prove Biome refuses a deliberately wrong import in each layer.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");
const INFRA = join(APP, "infra");
const WEB = join(APP, "web");
const DOMAIN = join(APP, "domain");

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
function offenders(dir: string, forbidden: (target: string) => boolean, root = APP): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) =>
    importsOf(file)
      .filter(({ target }) => forbidden(target))
      .map(({ specifier }) => `${relative(ROOT, file)}: ${specifier}`),
  );
}

const under = (folder: string) => (target: string) =>
  target === folder || target.startsWith(`${folder}/`);
const inInfra = under(INFRA);
const inWeb = under(WEB);
const inDomain = under(DOMAIN);

/** What server/ may import from app/ (docs/architecture.md: dependency-free modules only). */
const SERVER_MAY_IMPORT = new Set(
  [
    "infra/admin-pass.ts",
    "infra/body-limits.ts",
    "infra/cache-policy.ts",
    "infra/cookie-names.ts",
    "infra/csp.ts",
    "infra/day-salts.ts",
    "infra/env.server.ts",
    "infra/hook-env.ts",
    "infra/hook-port.ts",
    "infra/page-cache-key.ts",
    "lib/page-query.ts",
  ].map((path) => join(APP, path)),
);
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

  it("app/components imports nothing from app/infra or app/web", () => {
    expect(offenders("components", (target) => inInfra(target) || inWeb(target))).toEqual([]);
  });

  it("app/domain imports neither react-router, @react-router/* nor app/web", () => {
    expect(offenders("domain", (target) => isReactRouter(target) || inWeb(target))).toEqual([]);
  });

  it("app/infra and app/lib import nothing from app/domain or app/web", () => {
    for (const layer of ["infra", "lib"]) {
      expect(offenders(layer, (target) => inDomain(target) || inWeb(target))).toEqual([]);
    }
  });

  it("server/ imports from app/ only its dependency-free modules", () => {
    const reachesApp = (target: string) => under(APP)(target) && !SERVER_MAY_IMPORT.has(target);
    expect(
      offenders("server", reachesApp, ROOT).filter((line) => !line.includes("/test/")),
    ).toEqual([]);
  });
});

/** Biome's verdict on one import written into a throw-away file of `layer`. */
function lintProbe(layer: string, specifier: string): string[] {
  const file = join(APP, layer, `zz-layering-probe-${process.pid}.ts`);
  writeFileSync(file, `import { probe } from "${specifier}";\n\nexport const again = probe;\n`);
  try {
    const out = execFileSync(
      join(ROOT, "node_modules", ".bin", "biome"),
      ["lint", "--reporter=json", file],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    return diagnostics(out);
  } catch (failed) {
    return diagnostics(String((failed as { stdout?: string }).stdout ?? ""));
  } finally {
    rmSync(file, { force: true });
  }
}

function diagnostics(json: string): string[] {
  const report = JSON.parse(json) as { diagnostics: { category: string }[] };
  return report.diagnostics.map((d) => d.category);
}

describe("the lint rules refuse a deliberately wrong import", () => {
  it.each([
    ["infra", "~/domain/admin/rights"],
    ["infra", "~/web/session.server"],
    ["lib", "~/domain/posts/types"],
    ["lib", "../web/toast.server"],
    ["domain", "~/web/replies.server"],
    ["components", "~/web/toast.server"],
    ["components", "~/infra/env.server"],
  ])("app/%s importing %s", (layer, specifier) => {
    expect(lintProbe(layer, specifier)).toContain("lint/style/noRestrictedImports");
  });

  it("lets an allowed import through (the probe itself is sound)", () => {
    expect(lintProbe("domain", "~/infra/env.server")).not.toContain(
      "lint/style/noRestrictedImports",
    );
  });
});
