import { createHash } from "node:crypto";

/** The UTC day of a time in ms: `2026-12-05`. Salts, visitor ids and daily sums use it. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The visitor id of one day: a hash of the day's secret salt, the site, the address and the
 * browser, 32 hex digits. The address is in it and nowhere else; once the salt is deleted after
 * its day, nobody can tell whose hash it was, nor link it to the same visitor's other days.
 */
export function visitorId(salt: string, site: string, ip: string, userAgent: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\u0000")
    .update(site)
    .update("\u0000")
    .update(ip)
    .update("\u0000")
    .update(userAgent)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Key of the per-visitor rate cap in this process's memory (never stored): a fast 53-bit hash
 * of address and browser (two FNV-1a lanes). A collision only makes two visitors share a cap;
 * SHA-256 here would cost a page-cache hit several microseconds.
 */
export function rateKey(ip: string, userAgent: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ ip.length;
  const text = `${ip}\u0000${userAgent}`;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (b >>> 0) * 0x200000 + ((a >>> 0) & 0x1fffff);
}
