import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

/**
 * Hostile input against the admin area and the newsletter links on the production server, as a
 * signed-in admin: oversized and malformed queries, forged tokens, an export of thousands of
 * rows. Each answer is bounded in status, server time and memory.
 */
const MB = 1024 * 1024;
/**
 * Server time for a page that asks the backend two or three times, searching 3000 rows: ~100 ms
 * on a quiet machine; the bound leaves room for a CI runner sharing its 2 cores.
 */
const PAGE_BOUND_MS = 1000;
const EXPORT_BOUND_MS = 3000;
const MEMORY_BOUND = 50 * MB;

let site: TestSite;
let cookie: string;

beforeAll(async () => {
  site = await startTestSite();
  cookie = await signInThroughForm(site.url);
  const rows = Array.from({ length: 3000 }, (_, i) => ({
    email: `${i % 2 ? "=" : "+"}bulk-${i}@example.com`,
    status: "confirmed",
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    const { error } = await site.service
      .from("newsletter_subscribers")
      .insert(rows.slice(i, i + 1000));
    if (error) throw new Error(error.message);
  }
}, 120_000);
afterAll(async () => site?.stop());

async function get(path: string, form?: URLSearchParams) {
  const seen = site.requests().length;
  const rss = site.rss();
  const response = await fetch(`${site.url}${path}`, {
    method: form ? "POST" : "GET",
    headers: form
      ? { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }
      : { Cookie: cookie },
    body: form,
    redirect: "manual",
  });
  const body = await response.text();
  const grew = site.rss() - rss;
  // Node answers 431 itself (request line over 16 KB): the site never sees it.
  if (response.status === 431) return { status: response.status, body, ms: 0, grew };
  const deadline = Date.now() + 5000;
  while (site.requests().length === seen && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const logged = site.requests().at(-1);
  return { status: response.status, body, ms: logged?.ms ?? Number.NaN, grew };
}

describe("hostile input to the admin area", () => {
  it("answers oversized and malformed list queries quickly, never with 5xx", async () => {
    const huge = "%25_".repeat(2000);
    const cases = [
      `/admin/messages?q=${huge}`,
      `/admin/messages?page=999999999999&status=${"x".repeat(5000)}`,
      `/admin/messages?q=${encodeURIComponent("a,b).or(id.gt.0),c.eq.(")}`,
      `/admin/subscribers?q=${huge}&status=confirmed`,
      "/admin/subscribers?page=-1&remove=1e309",
      `/admin/people?grant=${"f".repeat(5000)}&page=NaN`,
      `/admin/people?role=${"0".repeat(5000)}&role=x`,
      "/admin/activity?page=1.5",
      `/admin/messages/${"9".repeat(400)}`,
      "/admin/messages/0x10",
    ];
    // Warm the routes first, so the figures measure the input, not the first render.
    for (const path of [
      "/admin/messages",
      "/admin/subscribers",
      "/admin/people",
      "/admin/activity",
    ]) {
      await get(path);
    }
    for (const path of cases) {
      const { status, ms, grew } = await get(path);
      expect(status, path.slice(0, 80)).toBeLessThan(500);
      expect(ms, path.slice(0, 80)).toBeLessThan(PAGE_BOUND_MS);
      expect(grew, path.slice(0, 80)).toBeLessThan(MEMORY_BOUND);
    }
  });

  it("answers hostile agency-role posts quickly, never with 5xx, changing nothing", async () => {
    const { data } = await site.service.auth.admin.listUsers();
    const me = data.users.find((user) => user.email === "admin@example.com")?.id ?? "";
    const audit = async () =>
      (await site.service.from("audit_log").select("id", { count: "exact", head: true })).count;
    const before = await audit();
    const form = (fields: [string, string][]) => new URLSearchParams(fields);
    const cases: [URLSearchParams, number[]][] = [
      [
        form([
          ["intent", "role"],
          ["user", me],
          ["role", "staff"],
        ]),
        [409],
      ],
      [
        form([
          ["intent", "role"],
          ["user", me],
          ["role", "x".repeat(100_000)],
        ]),
        [400],
      ],
      [form([["intent", "role"], ["user", me], ...Array(60).fill(["role", "none"])]), [400]],
      [
        form([
          ["intent", "role"],
          ["user", "f".repeat(5000)],
          ["role", "admin"],
        ]),
        [400],
      ],
      [
        form([
          ["intent", "role"],
          ["user", "00000000-0000-4000-8000-000000000999"],
          ["role", "admin"],
        ]),
        [404],
      ],
    ];
    await get(`/admin/people?role=${me}`);
    for (const [body, statuses] of cases) {
      const { status, ms, grew } = await get(`/admin/people?role=${me}`, body);
      const label = body.toString().slice(0, 80);
      expect(statuses, label).toContain(status);
      expect(ms, label).toBeLessThan(PAGE_BOUND_MS);
      expect(grew, label).toBeLessThan(MEMORY_BOUND);
    }
    expect((await site.service.auth.admin.getUserById(me)).data.user?.app_metadata.is_admin).toBe(
      true,
    );
    expect(await audit()).toBe(before);
  });

  it("refuses forged and oversized newsletter tokens at once", async () => {
    await get("/newsletter/confirm");
    for (const token of ["", "1.0.x", `1.0.${"A".repeat(43)}`, "9".repeat(20000), "%00%ff"]) {
      for (const page of ["/newsletter/confirm", "/newsletter/unsubscribe"]) {
        const { status, ms } = await get(`${page}?token=${token}`);
        // 431: Node refuses a request line over 16 KB before the site sees it.
        expect([400, 431], page).toContain(status);
        expect(ms, page).toBeLessThan(PAGE_BOUND_MS);
      }
    }
  });

  it("exports 3000 subscribers within time and memory, every formula neutralised", async () => {
    const { status, body, ms, grew } = await get("/admin/subscribers.csv");
    expect(status).toBe(200);
    expect(ms).toBeLessThan(EXPORT_BOUND_MS);
    expect(grew).toBeLessThan(MEMORY_BOUND);
    const lines = body.split("\r\n").filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(3001);
    expect(lines.slice(1).every((line) => !/^[=+\-@\t\r]/.test(line))).toBe(true);
  });
});
