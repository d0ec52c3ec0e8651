import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCsp, frameworkScriptHashes } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("CSP", () => {
  it("allows a fresh page's nonce, or a cached page's framework hashes, never both", () => {
    expect(buildCsp({ nonce: "n0" })).toContain("script-src 'self' 'nonce-n0';");
    expect(buildCsp({ scriptHashes: ["'sha256-x'"] })).toContain("script-src 'self' 'sha256-x';");
    expect(buildCsp()).toContain("script-src 'self';");
  });

  it("hashes only the inline scripts that carry the render's nonce", () => {
    const html = [
      '<script nonce="n0">window.__ctx = 1</script>',
      '<script type="module" nonce="n0">import "/assets/a.js"</script>',
      '<script nonce="n0" src="/assets/b.js"></script>',
      "<script>alert('stored')</script>",
      '<script nonce="guess">alert(2)</script>',
    ].join("");
    const base64 = (text: string | Uint8Array) =>
      createHash("sha256").update(text).digest("base64");
    expect(frameworkScriptHashes(html, "n0", base64)).toEqual([
      sha("window.__ctx = 1"),
      sha('import "/assets/a.js"'),
    ]);
  });

  it("finds the same scripts in bytes as in text, and hashes their bytes as they are", () => {
    const html = [
      '<link nonce="n0" rel="icon" href="/favicon.ico"/>',
      '<script nonce="n0">window.__ctx = "Habari · ça"</script>',
      '<script nonce="n0" src="/assets/b.js"></script>',
      "<script>alert('stored')</script>",
      '<SCRIPT nonce="guess">alert(2)</SCRIPT>',
      '<script type="module" nonce="n0">import "/assets/a.js"</script>',
    ].join("");
    const base64 = (text: string | Uint8Array) =>
      createHash("sha256").update(text).digest("base64");
    const half = html.indexOf("<script>");
    const parts = [html.slice(0, half), Buffer.from(html.slice(half))];
    expect(frameworkScriptHashes(parts, "n0", base64)).toEqual([
      sha('window.__ctx = "Habari · ça"'),
      sha('import "/assets/a.js"'),
    ]);
    expect(frameworkScriptHashes([Buffer.from(html)], "n0", base64)).toEqual(
      frameworkScriptHashes(html, "n0", base64),
    );
  });
});
