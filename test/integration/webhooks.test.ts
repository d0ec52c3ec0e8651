import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestSite, type TestSite } from "../support/site";

/**
 * The webhook lane on the production server with the embedded backend: a provider's delivery
 * is stored once per its own id before the 200, whatever it repeats; strangers learn nothing;
 * and a database that cannot take it gets the provider to try again (503).
 */
const SECRET = "integration-secret-of-the-example-hook";
/** The provider's addresses (TRUST_PROXY: the test speaks as the proxy in front of the site). */
const PROVIDER = "203.0.113.10";
const hookPath = `/hooks/example/${SECRET}`;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({
    env: {
      TRUST_PROXY: "1",
      HOOK_EXAMPLE_SECRET: SECRET,
      HOOK_EXAMPLE_ALLOWED_IPS: "203.0.113.0/28, 2001:db8::/32",
    },
  });
});
afterAll(async () => site?.stop());

function deliver(path: string, body: string, from = PROVIDER, type = "application/json") {
  return fetch(site.url + path, {
    method: "POST",
    headers: { "Content-Type": type, "X-Forwarded-For": from },
    body,
  });
}

async function deliveries(deliveryId: string) {
  const { data, error } = await site.service
    .from("webhook_deliveries")
    .select("hook, delivery_id, source_ip, body, received_at, processed_at")
    .eq("delivery_id", deliveryId);
  if (error) throw new Error(error.message);
  return data as {
    hook: string;
    delivery_id: string;
    source_ip: string;
    body: string;
    received_at: string;
    processed_at: string | null;
  }[];
}

describe("a delivery with the right secret from an allowed address", () => {
  it("is stored raw before the 200 and handled", async () => {
    const body = '{ "id": "evt-1", "amount": 1500, "note": "Asante 🙏" }';
    const answer = await deliver(hookPath, body);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    const rows = await deliveries("evt-1");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hook: "example", source_ip: PROVIDER, body });
    expect(rows[0]?.processed_at).not.toBeNull();
  });

  it("answers a replay 200 and changes nothing, even with another body", async () => {
    const first = await deliver(hookPath, '{"id":"evt-2","amount":1}');
    const [stored] = await deliveries("evt-2");
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => deliver(hookPath, '{"id":"evt-2","amount":999}')),
    );
    expect([first, ...replays].map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    const rows = await deliveries("evt-2");
    expect(rows).toEqual([stored]);
    expect(rows[0]?.body).toBe('{"id":"evt-2","amount":1}');
  });

  it("stores one row when the same new delivery arrives 10 times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(hookPath, `{"id":"evt-3","try":${i}}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await deliveries("evt-3");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).toMatch(/^\{"id":"evt-3","try":\d\}$/);
  });

  it("answers 400 when the payload has no delivery id, storing nothing", async () => {
    const before = await site.countRows("webhook_deliveries");
    expect((await deliver(hookPath, '{"amount":5}')).status).toBe(400);
    expect((await deliver(hookPath, '{"id":""}')).status).toBe(400);
    expect((await deliver(hookPath, "[1,2]")).status).toBe(400);
    // Ids JSON can spell but text cannot store: refused, never a 503 retried for ever.
    expect((await deliver(hookPath, '{"id":"\\u0000"}')).status).toBe(400);
    expect((await deliver(hookPath, '{"id":"\\ud800"}')).status).toBe(400);
    expect(await site.countRows("webhook_deliveries")).toBe(before);
  });
});

describe("what strangers get", () => {
  it("answers a wrong secret, an unknown hook and a wrong address with the same 404", async () => {
    const before = await site.countRows("webhook_deliveries");
    const answers = [
      await deliver(`/hooks/example/${SECRET.replace(/.$/, "X")}`, '{"id":"s-1"}'),
      await deliver(`/hooks/mpesa/${SECRET}`, '{"id":"s-2"}'),
      await deliver(hookPath, '{"id":"s-3"}', "203.0.113.99"),
      await deliver(hookPath, '{"id":"s-4"}', "2001:db9::1"),
    ];
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(texts).size).toBe(1);
    expect(await site.countRows("webhook_deliveries")).toBe(before);
    expect((await deliver(hookPath, '{"id":"s-5"}', "2001:db8::5")).status).toBe(200);
  });

  it("keeps the secret out of the access log", async () => {
    await deliver(hookPath, '{"id":"log-1"}');
    const logged = site.requests().filter((request) => request.path.startsWith("/hooks/"));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((request) => !request.path.includes(SECRET))).toBe(true);
    expect(logged.at(-1)?.path).toBe("/hooks/example/…");
  });

  it("refuses non-JSON (415), malformed JSON (400) and 1 MB (413, at once)", async () => {
    expect(
      (await deliver(hookPath, "id=1", PROVIDER, "application/x-www-form-urlencoded")).status,
    ).toBe(415);
    expect((await deliver(hookPath, '{"id":')).status).toBe(400);
    const started = performance.now();
    const large = await deliver(hookPath, `{"id":"big","pad":"${"a".repeat(1024 * 1024)}"}`);
    expect(large.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("the form gate everywhere else", () => {
  it("still refuses JSON posted to a form as not a form", async () => {
    for (const path of ["/contact", "/login", "/sw/contact", "/hooksx"]) {
      const answer = await deliver(path, '{"id":"form"}');
      expect(answer.status, path).toBe(400);
      expect(await answer.text(), path).toContain("Please submit the form from the page.");
    }
  });
});

describe("a database that cannot take the delivery", () => {
  let down: TestSite;
  beforeAll(async () => {
    down = await startTestSite({
      env: {
        SUPABASE_URL: `http://127.0.0.1:${await freePort()}`,
        SUPABASE_ANON_KEY: "anon-key-of-a-dead-backend",
        SUPABASE_SERVICE_ROLE_KEY: "service-key-of-a-dead-backend",
        HOOK_EXAMPLE_SECRET: SECRET,
      },
    });
  }, 60_000);
  afterAll(async () => down?.stop());

  it("answers 503 with Retry-After, so the provider sends it again", async () => {
    const answer = await fetch(down.url + hookPath, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"id":"evt-down"}',
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(await answer.json()).toEqual({ error: "not stored, try again" });
  });
});
