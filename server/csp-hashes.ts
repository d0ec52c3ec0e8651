import { createHash } from "node:crypto";
import { buildCsp } from "../app/lib/csp.ts";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for every inline script of a document (scripts with `src` excluded). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\ssrc\s*=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes))
      continue;
    hashes.push(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The site CSP with script-src limited to 'self' plus the given inline-script hashes. */
export function buildCspWithHashes(hashes: string[]): string {
  return buildCsp().replace("script-src 'self'", `script-src 'self' ${hashes.join(" ")}`.trim());
}
