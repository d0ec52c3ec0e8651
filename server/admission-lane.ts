/**
 * One lane of the form gate (server/form-gate.ts): its slots (posts worked on at once), its
 * line (posts waiting), its token bucket while the event loop is overloaded — and the same three
 * per client, so that one client never holds more than its share:
 * - a client holds at most `perClientSlots` slots and `perClientQueued` places in line;
 * - while the loop is overloaded, a post takes a token from its client's own bucket
 *   (`perClientPerSecond`) before one from the lane's (`perSecond`): a client whose own bucket
 *   is empty may use only the upper half of the lane's — spare capacity — and is refused once
 *   that is gone, so it cannot drain the lane's bucket for everyone;
 * - the line is served round-robin between clients, not in arrival order: a client with many
 *   posts waiting gets one slot in turn, like everyone else;
 * - while the loop is overloaded, a post that finds every slot taken is refused, unless its
 *   client holds nothing here yet (it then takes one place, with its tokens).
 * What it remembers per client is bounded whatever clients send: at most `maxClients`, and a
 * client that holds nothing and whose bucket is full is the same as a new one, so it is
 * forgotten (or evicted first, oldest first, when the map is full). A post without a client key
 * is one the gate cannot tell apart from any other: only the lane's own rules apply to it.
 */
import { TokenBucket } from "./token-bucket.ts";

export interface LaneLimits {
  /** Posts worked on at once. */
  slots: number;
  /** Posts waiting for a slot. */
  queued: number;
  /** Posts let in per second while the loop is overloaded (a burst of as many at once). */
  perSecond: number;
  perClientSlots: number;
  perClientQueued: number;
  /** One client's posts let in per second while the loop is overloaded. */
  perClientPerSecond: number;
  /** Clients remembered at most (see above). */
  maxClients: number;
}

export type Release = () => void;

/** Why a post was refused (for tests and the figures in SECURITY.md). */
export type Refusal = "line full" | "overloaded" | "client's share" | "client's rate" | "rate";

/** A post let in: `ready` (when it waits in line) settles once it has its slot. */
export interface Entry {
  ready?: Promise<void>;
  release: Release;
}

/**
 * A client key longer than any address is cut: a client naming itself with kilobytes (a forged
 * X-Forwarded-For) must not make each remembered client cost kilobytes.
 */
const MAX_KEY_LENGTH = 64;

interface Client {
  key: string | undefined;
  active: number;
  waiting: (() => void)[];
  bucket: TokenBucket | undefined;
}

export class AdmissionLane {
  private active = 0;
  private queued = 0;
  private readonly clients = new Map<string, Client>();
  /** Clients with posts in line, in the order they are served (round-robin). */
  private readonly turns = new Set<Client>();
  private readonly bucket: TokenBucket;
  /** Refusals so far, by reason. */
  readonly refused: Record<Refusal, number> = {
    "line full": 0,
    overloaded: 0,
    "client's share": 0,
    "client's rate": 0,
    rate: 0,
  };

  readonly limits: LaneLimits;
  private readonly now: () => number;

  constructor(limits: LaneLimits, now: () => number) {
    this.limits = limits;
    this.now = now;
    this.bucket = new TokenBucket(limits.perSecond, now());
  }

  /** Clients remembered now (bounded by `maxClients`). */
  get clientCount(): number {
    return this.clients.size;
  }

  /** The post's entry, or the reason it is refused. */
  enter(key: string | undefined, overloaded: boolean): Entry | Refusal {
    const now = this.now();
    const client = this.clientOf(key);
    const known = client.key !== undefined;
    const free =
      this.active < this.limits.slots && (!known || client.active < this.limits.perClientSlots);
    const refusal =
      (free ? undefined : this.lineRefusal(client, overloaded)) ??
      this.rateRefusal(client, overloaded, now);
    if (refusal) {
      this.refused[refusal]++;
      this.forgetIfIdle(client, now);
      return refusal;
    }
    if (free) {
      this.hold(client);
      return { release: this.releaseOf(client) };
    }
    const ready = new Promise<void>((resolve) => client.waiting.push(resolve));
    this.queued++;
    this.turns.add(client);
    return { ready, release: this.releaseOf(client) };
  }

  /**
   * A post that would wait. While the loop is overloaded, queueing more would only add to it —
   * except for a client that holds nothing here, a slot or a place: a visitor whose post finds
   * the slots held by others' slow work (sign-ins waiting for a password check) takes one
   * place in line, if its tokens (below) let it in at all, while a client that already holds
   * something, or one the gate cannot tell apart (no key), is refused.
   */
  private lineRefusal(client: Client, overloaded: boolean): Refusal | undefined {
    if (this.queued >= this.limits.queued) return "line full";
    if (client.key === undefined) return overloaded ? "overloaded" : undefined;
    if (client.waiting.length >= this.limits.perClientQueued) return "client's share";
    if (overloaded && (client.active > 0 || client.waiting.length > 0)) return "overloaded";
    return undefined;
  }

  /**
   * While the loop is overloaded: a token from the client's own bucket, then one from the
   * lane's. A client over its own rate may still take one from the lane's upper half — capacity
   * nobody within their rate is using, so a lone busy client (an office behind one address)
   * loses nothing — but never from the lower half: that is kept for clients within their rate,
   * so a client being refused cannot drain the lane's bucket for everyone.
   */
  private rateRefusal(client: Client, overloaded: boolean, now: number): Refusal | undefined {
    if (!overloaded) return undefined;
    if (client.key !== undefined) {
      client.bucket ??= new TokenBucket(this.limits.perClientPerSecond, now);
      if (!client.bucket.has(now)) {
        if (!this.bucket.has(now, this.bucket.half)) return "client's rate";
        this.bucket.take();
        return undefined;
      }
    }
    if (!this.bucket.has(now)) return "rate";
    client.bucket?.take();
    this.bucket.take();
    return undefined;
  }

  private hold(client: Client): void {
    this.active++;
    client.active++;
  }

  private releaseOf(client: Client): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      client.active--;
      this.serveNext();
      this.forgetIfIdle(client, this.now());
    };
  }

  /** Hands a free slot to the next client in turn that is under its own share of slots. */
  private serveNext(): void {
    if (this.active >= this.limits.slots) return;
    for (const client of this.turns) {
      if (client.active >= this.limits.perClientSlots) continue;
      const next = client.waiting.shift() as () => void;
      this.queued--;
      this.hold(client);
      // Its turn comes again after every other client's.
      this.turns.delete(client);
      if (client.waiting.length > 0) this.turns.add(client);
      // Handed over on the next turn of the event loop, not in this one's microtasks: reads that
      // arrived meanwhile (cache hits, /healthz) are answered before the next post's work, so a
      // line of posts cannot run back to back for as long as it is.
      setImmediate(next);
      return;
    }
  }

  /** The client's state, made (and remembered, when it has a key) on first sight. */
  private clientOf(raw: string | undefined): Client {
    if (raw === undefined) return { key: undefined, active: 0, waiting: [], bucket: undefined };
    const key = raw.length > MAX_KEY_LENGTH ? raw.slice(0, MAX_KEY_LENGTH) : raw;
    const known = this.clients.get(key);
    if (known) {
      // Most recently seen last: eviction takes the oldest first.
      this.clients.delete(key);
      this.clients.set(key, known);
      return known;
    }
    if (this.clients.size >= this.limits.maxClients) this.evictOne();
    // A copy of its own: a key cut from a request header would otherwise keep the whole
    // header in memory for as long as the client is remembered (V8 substrings point into it).
    const own = Buffer.from(key, "utf8").toString("utf8");
    const client: Client = { key: own, active: 0, waiting: [], bucket: undefined };
    this.clients.set(own, client);
    return client;
  }

  /**
   * Forgets the oldest client holding no slot and no place. At most `slots + queued` clients
   * hold anything, far fewer than `maxClients`: the search stops after a few steps.
   */
  private evictOne(): void {
    for (const [key, client] of this.clients) {
      if (client.active === 0 && client.waiting.length === 0) {
        this.clients.delete(key);
        return;
      }
    }
  }

  /** A client holding nothing with a full bucket is the same as a new one: it is forgotten. */
  private forgetIfIdle(client: Client, now: number): void {
    if (client.key === undefined || client.active > 0 || client.waiting.length > 0) return;
    if (client.bucket && !client.bucket.full(now)) return;
    if (this.clients.get(client.key) === client) this.clients.delete(client.key);
  }
}
