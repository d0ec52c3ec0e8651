import type { EventEmitter } from "node:events";
import { signInFlood } from "./sign-in-flood.ts";

/**
 * Credential stuffing as its own process (so its load generator does not share an event loop
 * with the measurements): `node bench/lib/credential-stuffing.ts <site url> <seconds>
 * <connections> <addresses>`. Every request comes from a new X-Forwarded-For address, for one
 * of <addresses> e-mail addresses in turn. Prints one JSON line of figures.
 */
const [url = "", seconds = "15", connections = "50", addresses = "5"] = process.argv.slice(2);
const statuses: Record<string, number> = {};
const flood = signInFlood({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  email: (n) => `stuffed-${n % Number(addresses)}@example.com`,
});
// Without a callback autocannon answers a promise that is also its event emitter.
(flood as unknown as EventEmitter).on("response", (_client: unknown, statusCode: number) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
const result = await flood;
console.log(
  JSON.stringify({
    total: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
  }),
);
