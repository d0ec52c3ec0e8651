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

/**
 * The inline scripts of a rendered document that carry `nonce` (the framework's own: React
 * Router writes the nonce on every script it renders) as CSP hash sources. Inline scripts
 * without the nonce — whatever else the HTML might contain — are never allowed. `sha256`
 * returns the base64 SHA-256 of a text (node:crypto's synchronous hash on the server: Web
 * Crypto's asynchronous digest cost ~1 ms per page in scheduling alone).
 */
export function frameworkScriptHashes(
  html: string,
  nonce: string,
  sha256: (text: string) => string,
): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(NONCED_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (!attributes.includes(`nonce="${nonce}"`) || /\ssrc\s*=/.test(attributes)) continue;
    hashes.push(`'sha256-${sha256(match[2] ?? "")}'`);
  }
  return hashes;
}
