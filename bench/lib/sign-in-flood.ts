import autocannon from "autocannon";

/** `10.a.b.c` from a request's number: a new client address for each of 16 million requests. */
export const everNewAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Wrong-password sign-ins posted to `<url>/login` by autocannon, the n-th for `email(n)` from
 * `address(n)` (sent as X-Forwarded-For: the site trusts it with TRUST_PROXY=1). What the bench's
 * credential stuffing, the request floods and the memory rounds send. Returns autocannon's run:
 * a promise of its result that is also its event emitter ("response" per answer).
 */
export function signInFlood(options: {
  url: string;
  connections: number;
  duration: number;
  email: (n: number) => string;
  address?: (n: number) => string;
}) {
  const address = options.address ?? everNewAddress;
  let n = 0;
  return autocannon({
    url: `${options.url}/login`,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          n++;
          return {
            ...request,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": address(n),
            },
            body: `email=${encodeURIComponent(options.email(n))}&password=wrong-password-${n}`,
          };
        },
      },
    ],
  });
}
