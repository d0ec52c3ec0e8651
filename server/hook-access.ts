import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { AddressRule, HookSettings } from "../app/infra/hook-env.ts";
import { TokenBucket } from "./token-bucket.ts";

/** `/hooks/<hook>/<secret>`: the lane's one URL shape (anything else under /hooks is unknown). */
const HOOK_TARGET = /^\/hooks\/([a-z0-9]{1,32})\/([A-Za-z0-9_-]{1,128})$/;

const digest = (text: string) => createHash("sha256").update(text).digest();
/** Compared against when the hook is unknown, so both cases cost the same. */
const NO_SECRET = digest("no hook has this secret");

/**
 * The hook a request's path names, when its secret is the configured one. Secrets are compared
 * in constant time over equal-length digests (timingSafeEqual needs equal lengths, and comparing
 * the secrets' own lengths would tell how long a secret is); an unknown hook costs the same
 * comparison, so its answer comes as fast as a wrong secret's.
 */
export function authenticatedHook(
  path: string,
  hooks: Readonly<Record<string, HookSettings>>,
): { name: string; settings: HookSettings } | undefined {
  const match = HOOK_TARGET.exec(path);
  if (!match) return undefined;
  const [, name = "", secret = ""] = match;
  const settings = Object.hasOwn(hooks, name) ? hooks[name] : undefined;
  const same = timingSafeEqual(digest(secret), settings ? digest(settings.secret) : NO_SECRET);
  return same && settings ? { name, settings } : undefined;
}

/**
 * A request target with a hook's secret hidden (`/hooks/example/…`), for the access log and
 * analytics; any other target unchanged.
 */
export function withoutSecret(target: string): string {
  return target.replace(/^(\/hooks\/[^/?]*\/)[^?]+/, "$1…");
}

const blockLists = new WeakMap<AddressRule[], BlockList>();

/**
 * Whether `address` may deliver to a hook with this allow-list (none: any address). An
 * IPv4-mapped IPv6 socket address (`::ffff:196.201.214.10`) matches an IPv4 range.
 */
export function isAllowedSource(address: string, rules: AddressRule[] | undefined): boolean {
  if (!rules) return true;
  const family = isIP(address);
  if (family === 0) return false;
  let list = blockLists.get(rules);
  if (!list) {
    list = new BlockList();
    for (const rule of rules) list.addSubnet(rule.address, rule.prefix, rule.family);
    blockLists.set(rules, list);
  }
  return list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Addresses whose buckets one process remembers (the form gate's figure, server/form-gate.ts). */
const MAX_ADDRESSES = 4_096;

/**
 * Deliveries per second each address may make to the lane (a burst of as many at once), in each
 * worker. Checked before anything else, so a flood of guesses costs a map lookup each.
 */
export class HookRateLimit {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly perSecond: number;
  private readonly now: () => number;

  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.perSecond = perSecond;
    this.now = now;
  }

  /** Takes one delivery's token for `address`; false when it has none left. */
  take(address: string): boolean {
    const now = this.now();
    const key = address.slice(0, 64);
    let bucket = this.buckets.get(key);
    if (bucket) this.buckets.delete(key);
    else bucket = new TokenBucket(this.perSecond, now);
    // Most recently used last: the first key is the one to forget when full. A copy of its
    // own, as the form gate's (server/admission-lane.ts): a key cut from X-Forwarded-For would
    // otherwise keep the whole header alive while it is remembered.
    this.buckets.set(Buffer.from(key, "utf8").toString("utf8"), bucket);
    if (this.buckets.size > MAX_ADDRESSES) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (!bucket.has(now)) return false;
    bucket.take();
    return true;
  }

  /** Addresses remembered (for tests). */
  get size(): number {
    return this.buckets.size;
  }
}
