/**
 * The Content-Security-Policy of every response. Documents get a per-request nonce that React
 * Router's inline and module scripts carry; everything else gets the same policy without one.
 * Imported by app/entry.server.tsx and by the Node server (server/security-headers.ts).
 */
export function buildCsp(nonce?: string): string {
  const scriptSrc = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // sonner injects one <style> element at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Matches the nonce attribute React writes, so a cached page can get a fresh nonce. */
export const NONCE_ATTRIBUTE = /nonce="([A-Za-z0-9+/=]+)"/g;
