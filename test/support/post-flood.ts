import autocannon from "autocannon";

/**
 * A flood of form posts as a process of its own, so its load generator does not share an event
 * loop with the clients a test measures: `node test/support/post-flood.ts <site url> <seconds>
 * <connections> <address | "rotating"> [pipelining]` — for `seconds` at most, or until SIGTERM. Each connection posts, as fast as it is
 * answered (`pipelining` posts sent ahead of the answers: more posts a second for the same CPU),
 * a sign-in with a wrong password then a contact message, in turn; every post from `address`
 * (X-Forwarded-For: the server must trust it, TRUST_PROXY=1), or from a new address each time.
 * Prints one JSON line: the posts sent, per second, and their statuses.
 */
const [url = "", seconds = "15", connections = "50", from = "203.0.113.66", pipelining = "1"] =
  process.argv.slice(2);
let sent = 0;
let rotated = 0;
const address = () => {
  if (from !== "rotating") return from;
  rotated++;
  return `10.${(rotated >> 16) & 255}.${(rotated >> 8) & 255}.${rotated & 255}`;
};
const post = (path: string, body: (i: number) => string): autocannon.Request => ({
  method: "POST",
  path,
  setupRequest(request) {
    return {
      ...request,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address(),
      },
      body: body(sent++),
    };
  },
});
const flood = autocannon({
  url,
  connections: Number(connections),
  pipelining: Number(pipelining),
  duration: Number(seconds),
  requests: [
    post("/login", (i) => `email=flood-${i % 5}%40example.com&password=wrong-password-${i}`),
    post(
      "/contact",
      (i) =>
        `name=Flood&email=flood%40example.com&message=Flood+message+number+${i}.&name__confirm=`,
    ),
  ],
});
process.on("SIGTERM", () => (flood as unknown as { stop(): void }).stop());
const result = await flood;
const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
);
process.stdout.write(
  `${JSON.stringify({
    total: result.requests.total,
    seconds: result.duration,
    perSecond: result.requests.average,
    errors: result.errors,
    statuses,
  })}\n`,
);
