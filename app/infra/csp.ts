/**
 * The Content-Security-Policy (docs/decisions/007-csp-nonces-and-hashes.md). `server/` imports
 * this file directly (it imports nothing).
 */

export interface CspSources {
  /** Per-request nonce of a fresh, personal render. */
  nonce?: string;
  /** `'sha256-…'` sources of the framework's inline scripts (shared-cacheable documents). */
  scriptHashes?: readonly string[];
}

/**
 * The Content-Security-Policy. A fresh personal document allows scripts carrying its nonce; a
 * shared-cacheable document (the same bytes for every visitor) allows exactly the inline scripts
 * the framework rendered, by hash; anything else gets the policy with neither.
 */
export function buildCsp({ nonce, scriptHashes = [] }: CspSources = {}): string {
  const scriptSrc = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // sonner injects one <style> element at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Every image comes from the site itself (uploads are served under /media/); data: is for
    // the editor's local preview of a chosen file.
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCED_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SCRIPT_TAG = /^<script[\s>]/i;
const SRC_ATTRIBUTE = /\ssrc\s*=/;

/**
 * The inline scripts of a rendered document that carry `nonce` (the framework's own: React
 * Router writes the nonce on every script it renders) as CSP hash sources, in document order.
 * Inline scripts without the nonce — whatever else the HTML might contain — are never allowed.
 * The document is text, or its framework parts in order (text, or bytes hashed as they are,
 * never decoded). `sha256` returns the base64 SHA-256 of a text or of bytes (node:crypto's
 * synchronous hash on the server: Web Crypto's asynchronous digest cost ~1 ms per page in
 * scheduling alone).
 */
export function frameworkScriptHashes(
  html: string | readonly (string | Buffer)[],
  nonce: string,
  sha256: (text: string | Uint8Array) => string,
): string[] {
  const parts = typeof html === "string" ? [html] : html;
  const scripts = parts.flatMap<string | Buffer>((part) =>
    typeof part === "string" ? noncedScriptsInText(part, nonce) : noncedScriptsInBytes(part, nonce),
  );
  return scripts.map((script) => `'sha256-${sha256(script)}'`);
}

function noncedScriptsInText(html: string, nonce: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(NONCED_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (!attributes.includes(`nonce="${nonce}"`) || SRC_ATTRIBUTE.test(attributes)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** As `noncedScriptsInText`, on bytes: each script's text as the bytes it is. */
function noncedScriptsInBytes(html: Buffer, nonce: string): Buffer[] {
  const scripts: Buffer[] = [];
  const mark = `nonce="${nonce}"`;
  for (let at = html.indexOf(mark); at >= 0; ) {
    const open = html.lastIndexOf("<", at);
    const close = html.indexOf(">", at);
    if (open < 0 || close < 0) break;
    const tag = html.toString("utf8", open, close + 1);
    const end = html.indexOf("</script>", close);
    if (!SCRIPT_TAG.test(tag) || SRC_ATTRIBUTE.test(tag) || end < 0) {
      at = html.indexOf(mark, close);
      continue;
    }
    scripts.push(html.subarray(close + 1, end));
    at = html.indexOf(mark, end);
  }
  return scripts;
}
