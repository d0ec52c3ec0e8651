import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documentation stays where a newcomer can read it: README.md small and linking every doc,
 * every relative link resolving, and no comment pointing at a document outside the repository
 * (the reasons live in docs/, see docs/decisions/README.md).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SKIPPED = new Set([
  "node_modules",
  ".data",
  "build",
  ".react-router",
  "test-results",
  ".git",
]);
const SOURCE_DIRS = [
  "app",
  "server",
  "supabase",
  "mpesa",
  "scripts",
  "bench",
  "test",
  "e2e",
  "docs",
];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sql|md|css|toml)$/;

function walk(dir: string, keep: (path: string) => boolean, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    // layering.test.ts writes (and removes) a probe file in app/ while this may be walking it.
    if (SKIPPED.has(name) || name.startsWith("build-") || name.startsWith("zz-layering-probe-"))
      continue;
    const path = join(dir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) walk(path, keep, found);
    else if (keep(path)) found.push(path);
  }
  return found;
}

const rel = (path: string) => relative(ROOT, path);

/** Documents that live outside the repository, in the ways comments used to cite them. */
const OUTSIDE_DOCUMENT = new RegExp(
  [
    String.raw`\b(spec|design|contract|style|developers)(\.md)?\s*§`,
    String.raw`\b(spec|DESIGN|STYLE|DEVELOPERS|perf-anchors|react-router-8)\.md\b`,
    "supabase-contract",
    String.raw`\.\./shared/`,
    "/work/",
  ].join("|"),
  "i",
);

describe("comments cite paths in the repository or nothing", () => {
  it("no source file cites a document outside the repository", () => {
    const self = rel(import.meta.filename);
    const files = SOURCE_DIRS.flatMap((dir) => walk(join(ROOT, dir), (p) => TEXT_FILE.test(p)));
    files.push(join(ROOT, "README.md"), join(ROOT, "SECURITY.md"));
    expect(files.length).toBeGreaterThan(100);
    const citations = files
      .filter((file) => rel(file) !== self)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, at: `${rel(file)}:${index + 1}` }))
          .filter(({ line }) => OUTSIDE_DOCUMENT.test(line))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(citations).toEqual([]);
  });

  it("the check finds the citations it is meant to find", () => {
    for (const line of [
      "/** The onboarding survey (spec §5): step titles */",
      "// the claims of contract §2.3",
      "// see DESIGN §3",
      "The wire contract is `/work/shared/supabase-contract.md`",
      "Spec §4: the dismissal",
      "see ../shared/spec.md",
    ]) {
      expect(OUTSIDE_DOCUMENT.test(line), line).toBe(true);
    }
    expect(OUTSIDE_DOCUMENT.test("// see docs/decisions/003-page-cache-and-keys.md")).toBe(false);
  });
});

/** The documentation files whose links are checked. */
function docs(): string[] {
  const readmes = ["supabase", "mpesa"].flatMap((dir) =>
    walk(join(ROOT, dir), (p) => p.endsWith("README.md")),
  );
  return [
    join(ROOT, "README.md"),
    join(ROOT, "SECURITY.md"),
    join(ROOT, "bench", "README.md"),
    ...walk(join(ROOT, "docs"), (p) => p.endsWith(".md")),
    ...walk(join(ROOT, "app"), (p) => p.endsWith(".md")),
    ...readmes,
  ].filter(existsSync);
}

/** Relative link targets of a Markdown text (code blocks and code spans left out). */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

function linkedFiles(file: string): string[] {
  return relativeLinks(readFileSync(file, "utf8")).map((target) =>
    resolve(dirname(file), decodeURIComponent(target.split("#")[0] ?? "")),
  );
}

describe("documentation", () => {
  it("README.md is at most 10 KB", () => {
    expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(10_240);
  });

  it("every relative link of README.md and the docs points at an existing file", () => {
    const broken = docs().flatMap((file) =>
      linkedFiles(file)
        .filter((target) => !existsSync(target))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(broken).toEqual([]);
  });

  it("README.md links every doc, and the decisions index every decision record", () => {
    const fromReadme = new Set(linkedFiles(join(ROOT, "README.md")));
    const decisionsIndex = join(ROOT, "docs", "decisions", "README.md");
    const fromIndex = new Set(linkedFiles(decisionsIndex));
    const records = walk(join(ROOT, "docs", "decisions"), (p) => /\/\d{3}-[^/]+\.md$/.test(p));
    const others = [
      ...walk(join(ROOT, "docs"), (p) => p.endsWith(".md") && !records.includes(p)),
      join(ROOT, "bench", "README.md"),
      join(ROOT, "SECURITY.md"),
    ];
    expect(others.filter((doc) => !fromReadme.has(doc)).map(rel)).toEqual([]);
    expect(records.filter((doc) => !fromIndex.has(doc)).map(rel)).toEqual([]);
  });

  it("each decision record has its context, decision, consequences and how to revisit it", () => {
    const records = walk(join(ROOT, "docs", "decisions"), (p) => /\/\d{3}-[^/]+\.md$/.test(p));
    expect(records.length).toBeGreaterThanOrEqual(7);
    for (const record of records) {
      const headings = readFileSync(record, "utf8").match(/^## .+$/gm) ?? [];
      expect(headings, rel(record)).toEqual(
        expect.arrayContaining([
          "## Context",
          "## Decision",
          "## Consequences",
          "## How to revisit",
        ]),
      );
    }
  });

  it("the link check sees links, images and anchors, and skips code and other sites", () => {
    expect(
      relativeLinks(
        "[a](docs/a.md#x) ![b](docs/screenshots/b.png) [c](https://e.org) [d](#d) `[e](f.md)`\n```\n[g](h.md)\n```",
      ),
    ).toEqual(["docs/a.md#x", "docs/screenshots/b.png"]);
  });
});
