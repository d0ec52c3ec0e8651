import type { EventEmitter } from "node:events";
import autocannon from "autocannon";

/**
 * Credential stuffing as its own process (so its load generator does not share an event loop
 * with the measurements): `node bench/lib/credential-stuffing.ts <site url> <seconds>
 * <connections> <addresses>`. Every request comes from a new X-Forwarded-For address, for one
 * of <addresses> e-mail addresses in turn. Prints one JSON line of figures.
 */
const [url = "", seconds = "15", connections = "50", addresses = "5"] = process.argv.slice(2);
let n = 0;
const statuses: Record<string, number> = {};
const flood = autocannon({
  url: `${url}/login`,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      method: "POST",
      setupRequest(request) {
        n++;
        return {
          ...request,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: `email=stuffed-${n % Number(addresses)}%40example.com&password=wrong-password-${n}`,
        };
      },
    },
  ],
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
