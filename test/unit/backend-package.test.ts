import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The embedded backend is the workspace package @jenga/supabase-local (supabase/local/package.json),
 * the local Daraja stand-in @jenga/daraja-local (mpesa/local/package.json): the site reaches each
 * only through its exports map, and each imports nothing from the site.
 * biome.json's noRestrictedImports says the same for the backend's usual spellings; this test
 * resolves every relative specifier, so no path escapes either way.
 */
const ROOT = resolve(import.meta.dirname, "../..");

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|import\.meta\.resolve\(\s*)["']([^"'\n]+)["']/g;

function sourceFiles(): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"],
    { cwd: ROOT, encoding: "utf8" },
  );
  return listed.split("\n").filter((file) => file && existsSync(join(ROOT, file)));
}

function specifiers(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]!);
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

describe.each(["supabase/local", "mpesa/local"])("%s is a package", (dir) => {
  const files = sourceFiles();
  const PACKAGE_DIR = join(ROOT, dir);
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const inside = (file: string) => !relative(PACKAGE_DIR, file).startsWith("..");

  it("imports only its own modules, Node's and the packages its package.json lists", () => {
    const allowed = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    const wrong: string[] = [];
    for (const file of files.filter((name) => name.startsWith(`${dir}/`))) {
      for (const specifier of specifiers(file)) {
        const ok = specifier.startsWith(".")
          ? inside(resolve(ROOT, dirname(file), specifier))
          : specifier.startsWith("node:") || allowed.has(packageName(specifier));
        if (!ok) wrong.push(`${file}: ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is reached from outside only through its exports map", () => {
    const wrong: string[] = [];
    for (const file of files.filter((name) => !name.startsWith(`${dir}/`))) {
      for (const specifier of specifiers(file)) {
        const ok = specifier.startsWith(".")
          ? !inside(resolve(ROOT, dirname(file), specifier))
          : packageName(specifier) !== manifest.name ||
            `.${specifier.slice(manifest.name.length)}` in manifest.exports;
        if (!ok) wrong.push(`${file}: ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
