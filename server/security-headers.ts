import { buildCsp } from "../app/infra/csp.ts";

/**
 * Headers every response carries. Documents already have their CSP from app/entry.server.tsx
 * (a nonce, or the framework scripts' hashes); anything else gets the policy with neither.
 */
export function applySecurityHeaders(headers: Headers, { https }: { https: boolean }): void {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", buildCsp());
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
