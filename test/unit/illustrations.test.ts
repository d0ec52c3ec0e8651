import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const imagesDir = join(import.meta.dirname, "..", "..", "public", "images");

const folders = [
  { name: "team", width: 128, height: 128, maxBytes: 4 * 1024, count: 4 },
  { name: "portfolio", width: 800, height: 500, maxBytes: 8 * 1024, count: 6 },
  { name: "blog", width: 1200, height: 630, maxBytes: 8 * 1024, count: 7 },
] as const;

type Illustration = { folder: string; file: string; source: string; bytes: number };

function load(folder: string): Illustration[] {
  const dir = join(imagesDir, folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".svg"))
    .sort()
    .map((file) => {
      const buffer = readFileSync(join(dir, file));
      return { folder, file, source: buffer.toString("utf8"), bytes: buffer.byteLength };
    });
}

const all = folders.flatMap((folder) => load(folder.name));

describe.each(folders)("$name illustrations", ({ name, width, height, maxBytes, count }) => {
  const files = all.filter((item) => item.folder === name);

  it(`has ${count} SVG files`, () => {
    expect(files).toHaveLength(count);
  });

  describe.each(files.map((item) => [item.file, item] as const))("%s", (_file, item) => {
    const { source, bytes } = item;

    it("is an <svg> root with the expected size and viewBox", () => {
      const open = source.match(/^\s*(?:<\?xml[^>]*\?>\s*)?<svg\b([^>]*)>/);
      expect(open, "file must start with an <svg ...> element").not.toBeNull();
      const attrs = open?.[1] ?? "";
      expect(attrs).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(attrs).toMatch(new RegExp(`\\swidth="${width}"`));
      expect(attrs).toMatch(new RegExp(`\\sheight="${height}"`));
      expect(attrs).toMatch(new RegExp(`\\sviewBox="0 0 ${width} ${height}"`));
      expect(source.trimEnd().endsWith("</svg>")).toBe(true);
    });

    it("has balanced tags", () => {
      const stack: string[] = [];
      const tags = source
        .replace(/<!--[\s\S]*?-->/g, "")
        .matchAll(/<(\/?)([A-Za-z][\w:-]*)\b[^>]*?(\/?)>/g);
      for (const [, closing, tag = "", selfClosing] of tags) {
        if (selfClosing) continue;
        if (closing) expect(stack.pop()).toBe(tag);
        else stack.push(tag);
      }
      expect(stack).toEqual([]);
    });

    it("has a non-empty <title> for screen readers", () => {
      const title = source.match(/<title>([^<]+)<\/title>/);
      expect(title?.[1]?.trim().length ?? 0).toBeGreaterThan(20);
    });

    it("contains no text, scripts, images, event handlers or external URLs", () => {
      expect(source).not.toMatch(/<text\b/i);
      expect(source).not.toMatch(/<script\b/i);
      expect(source).not.toMatch(/<image\b/i);
      expect(source).not.toMatch(/<foreignObject\b/i);
      expect(source).not.toMatch(/\son[a-z]+\s*=/i);
      expect(source.replaceAll('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/http/i);
      expect(source).not.toMatch(/url\(\s*['"]?(?!#)/i);
      expect(source).not.toMatch(/@import|font-family|<style\b/i);
    });

    it(`is within its ${maxBytes / 1024} KB budget`, () => {
      expect(bytes).toBeLessThanOrEqual(maxBytes);
    });
  });
});

describe("the illustration set", () => {
  it("has no byte-identical files", () => {
    const seen = new Map<string, string>();
    for (const item of all) {
      const key = `${item.folder}/${item.file}`;
      const twin = seen.get(item.source);
      expect(twin, `${key} duplicates ${twin}`).toBeUndefined();
      seen.set(item.source, key);
    }
  });

  it("has no files that differ only in fill colours or the title", () => {
    const normalise = (source: string) =>
      source
        .replace(/<title>[\s\S]*?<\/title>/, "")
        .replace(/\s(?:fill|stroke|stop-color)="#[0-9a-fA-F]{3,8}"/g, "");
    const seen = new Map<string, string>();
    for (const item of all) {
      const key = `${item.folder}/${item.file}`;
      const shape = normalise(item.source);
      const twin = seen.get(shape);
      expect(twin, `${key} is a recoloured copy of ${twin}`).toBeUndefined();
      seen.set(shape, key);
    }
  });
});
