import { createHash } from "node:crypto";

/**
 * The agency's day of a time in ms (`2026-12-06` in AGENCY_TIME_ZONE): salts, visitor ids and
 * daily sums count it.
 */
export { dayIn as agencyDay } from "~/lib/time-zone";

/**
 * The visitor id of one day: a hash of the day's secret salt, the site, the address and the
 * browser, 32 hex digits. The address is in it and nowhere else; once the salt is deleted after
 * its day, nobody can tell whose hash it was, nor link it to the same visitor's other days.
 */
export function visitorId(salt: string, site: string, ip: string, userAgent: string): string {
  return dayHash(salt, [site, ip, userAgent]);
}

/**
 * The address of one day for the cap on browsers per address (analytics_record): a hash like
 * the visitor id, of the address alone — an IPv6 address by its /64 network, which one
 * subscriber gets whole (counting its 2^64 addresses apart would make the cap no cap).
 */
export function addressId(salt: string, site: string, ip: string): string {
  return dayHash(salt, ["address", site, addressKey(ip)]);
}

function dayHash(salt: string, parts: string[]): string {
  const hash = createHash("sha256").update(salt);
  for (const part of parts) hash.update("\u0000").update(part);
  return hash.digest("hex").slice(0, 32);
}

/** An IPv4 address as it is (also when IPv4-mapped), an IPv6 one as its first 64 bits. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] ?? ip;
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
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
