import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HookRateLimit, isAllowedSource, withoutSecret } from "../hook-access.ts";
import { SECRET, startHookSite } from "./hook-lane-site.ts";

let site: Awaited<ReturnType<typeof startHookSite>>;
beforeAll(async () => {
  site = await startHookSite();
});
afterAll(() => site.stop());

const hookPath = `/hooks/example/${SECRET}`;

describe("the webhook lane", () => {
  it("hands a JSON delivery with the right secret to the app and acknowledges it", async () => {
    const answer = await site.post(hookPath, '{"id":"d-1","amount":100}', {
      // A provider's server is not a browser: no Origin, or another one, changes nothing.
      headers: { Origin: "https://provider.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ received: true });
    const delivery = site.received.at(-1);
    expect(delivery).toMatchObject({ hook: "example", payload: { id: "d-1", amount: 100 } });
    expect(delivery?.body).toBe('{"id":"d-1","amount":100}');
    expect(delivery?.sourceIp).toMatch(/127\.0\.0\.1$/);
  });

  it("acknowledges a repeated delivery alike (the app tells it apart)", async () => {
    const first = await site.post(hookPath, '{"id":"d-2"}');
    const again = await site.post(hookPath, '{"id":"d-2"}');
    expect([first.status, again.status]).toEqual([200, 200]);
  });

  it("answers a wrong secret, an unknown hook and a malformed hook path with the same 404", async () => {
    const before = site.received.length;
    const wrong = [
      `/hooks/example/${SECRET.slice(0, -1)}x`,
      `/hooks/example/${SECRET}x`,
      "/hooks/example/short",
      `/hooks/mpesa/${SECRET}`,
      `/hooks/example/${SECRET}/more`,
      "/hooks/example",
      "/hooks",
      `/hooks/EXAMPLE/${SECRET}`,
    ];
    const answers = await Promise.all(wrong.map((path) => site.post(path, '{"id":"x"}')));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(wrong.map(() => 404));
    expect(new Set(bodies)).toEqual(new Set(['{"error":"not found"}']));
    expect(site.received.length).toBe(before);
  });

  it("refuses other content types with 415, malformed JSON and bad UTF-8 with 400", async () => {
    const before = site.received.length;
    const form = await site.post(hookPath, "id=1", { type: "application/x-www-form-urlencoded" });
    const text = await site.post(hookPath, '{"id":"1"}', { type: "text/plain" });
    const jsonish = await site.post(hookPath, '{"id":"1"}', { type: "application/jsonp" });
    const broken = await site.post(hookPath, '{"id": "1"');
    const latin1 = await fetch(site.url + hookPath, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: Buffer.from('{"id":"caf\xe9"}', "latin1"),
    });
    const charset = await site.post(hookPath, '{"id":"d-3"}', {
      type: "application/json; charset=utf-8",
    });
    expect([form.status, text.status, jsonish.status]).toEqual([415, 415, 415]);
    expect([broken.status, latin1.status]).toEqual([400, 400]);
    expect(charset.status).toBe(200);
    expect(site.received.length).toBe(before + 1);
  });

  it("answers 400 when the payload lacks the provider's delivery id", async () => {
    const answer = await site.post(hookPath, '{"amount":5}');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "the payload has no delivery id" });
  });

  it("takes POST only", async () => {
    const answer = await fetch(site.url + hookPath);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
  });

  it("leaves every other path to the form gate: JSON elsewhere is still not a form", async () => {
    for (const path of ["/contact", "/login", "/hook", "/hooksx/example", "/sw/hooks/example"]) {
      const answer = await site.post(path, '{"id":"d-9"}');
      expect(answer.status, path).toBe(400);
      expect(await answer.text(), path).toContain("Please submit the form from the page.");
    }
  });

  it("keeps the secret out of what it logs", () => {
    expect(withoutSecret(`/hooks/example/${SECRET}`)).toBe("/hooks/example/…");
    expect(withoutSecret(`/hooks/example/${SECRET}?a=1`)).toBe("/hooks/example/…?a=1");
    expect(withoutSecret("/contact?x=/hooks/a/b")).toBe("/contact?x=/hooks/a/b");
  });
});

describe("the allow-list of source addresses", () => {
  const rules = (list: string[]) =>
    list.map((entry) => {
      const [address = "", prefix] = entry.split("/");
      const v6 = address.includes(":");
      return {
        address,
        prefix: prefix ? Number(prefix) : v6 ? 128 : 32,
        family: v6 ? ("ipv6" as const) : ("ipv4" as const),
      };
    });

  it("matches exact addresses and ranges, IPv4-mapped sockets included", () => {
    const allowed = rules(["196.201.214.0/24", "2001:db8::1", "10.0.0.7"]);
    expect(isAllowedSource("196.201.214.200", allowed)).toBe(true);
    expect(isAllowedSource("::ffff:196.201.214.9", allowed)).toBe(true);
    expect(isAllowedSource("2001:db8::1", allowed)).toBe(true);
    expect(isAllowedSource("10.0.0.7", allowed)).toBe(true);
    expect(isAllowedSource("196.201.215.1", allowed)).toBe(false);
    expect(isAllowedSource("2001:db8::2", allowed)).toBe(false);
    expect(isAllowedSource("10.0.0.8", allowed)).toBe(false);
    expect(isAllowedSource("unknown", allowed)).toBe(false);
    expect(isAllowedSource("", allowed)).toBe(false);
    expect(isAllowedSource("203.0.113.5", undefined)).toBe(true);
  });

  it("reads the sender from X-Forwarded-For only with TRUST_PROXY, and answers a stranger 404", async () => {
    const allowedIps = rules(["203.0.113.0/24"]);
    const hooks = () => ({ example: { secret: SECRET, allowedIps } });
    const direct = await startHookSite({ hooks });
    const proxied = await startHookSite({ hooks, trustProxy: true });
    try {
      const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
      // Without TRUST_PROXY the header is anyone's to write: the socket (127.0.0.1) decides.
      expect((await direct.post(hookPath, '{"id":"a"}', from("203.0.113.9"))).status).toBe(404);
      expect((await proxied.post(hookPath, '{"id":"a"}', from("203.0.113.9"))).status).toBe(200);
      const stranger = await proxied.post(
        hookPath,
        '{"id":"b"}',
        from("198.51.100.1, 203.0.113.9"),
      );
      expect(stranger.status).toBe(404);
      expect(await stranger.text()).toBe('{"error":"not found"}');
      expect(proxied.received.map((delivery) => delivery.sourceIp)).toEqual(["203.0.113.9"]);
    } finally {
      direct.stop();
      proxied.stop();
    }
  });
});

describe("the per-address rate", () => {
  it("lets a burst of perSecond through, then 429 with Retry-After, per address", async () => {
    const limited = await startHookSite({ perSecond: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await limited.post(hookPath, `{"id":"r-${i}"}`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = await limited.post(hookPath, '{"id":"r-9"}');
      expect(refused.headers.get("retry-after")).toBe("30");
      // Refused before its secret is looked at: a flood of guesses costs no comparison.
      expect((await limited.post("/hooks/example/guess", "{}")).status).toBe(429);
    } finally {
      limited.stop();
    }
  });

  it("remembers at most 4 096 addresses", () => {
    let clock = 0;
    const limit = new HookRateLimit(1, () => clock);
    for (let i = 0; i < 10_000; i++) limit.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limit.size).toBe(4_096);
    expect(limit.take("10.0.39.15")).toBe(false);
    clock += 1_000;
    expect(limit.take("10.0.39.15")).toBe(true);
  });
});
