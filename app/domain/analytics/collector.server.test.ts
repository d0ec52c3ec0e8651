import { afterEach, describe, expect, it, vi } from "vitest";
import { adminPassValue } from "~/infra/admin-pass";
import { COOKIES } from "~/infra/cookie-names";
import type { ServedPage } from "./collector.server";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

function page(
  overrides: Partial<ServedPage> = {},
  headers: ServedPage["headers"] = {},
): ServedPage {
  return {
    method: "GET",
    target: "/services",
    status: 200,
    contentType: "text/html; charset=utf-8",
    ip: "203.0.113.5",
    host: "site.test",
    headers: { "user-agent": FIREFOX, ...headers },
    ...overrides,
  };
}

/** A fresh collector module (it is made once per process) with `env` set. */
async function collectorWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("./collector.server");
}

const CONFIGURED = {
  ANALYTICS: "on",
  SUPABASE_URL: "http://127.0.0.1:9",
  SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
  ANALYTICS_FLUSH_SECONDS: "300",
};

afterEach(() => vi.unstubAllEnvs());

describe("countPageView and recordGoal", () => {
  it("count nothing with ANALYTICS=off", async () => {
    const analytics = await collectorWith({ ...CONFIGURED, ANALYTICS: "off" });
    analytics.countPageView(page());
    analytics.recordGoal(
      new Request("http://site.test/contact", {
        method: "POST",
        headers: { "user-agent": FIREFOX },
      }),
      "contact",
    );
    expect(analytics.analyticsState()).toBeNull();
  });

  it("count nothing without the service role key (nothing could be written)", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const analytics = await collectorWith({ ...CONFIGURED, SUPABASE_SERVICE_ROLE_KEY: "" });
    analytics.countPageView(page());
    expect(analytics.analyticsState()).toBeNull();
    log.mockRestore();
  });

  it("count pages people viewed, JavaScript navigations included, and nothing else", async () => {
    const analytics = await collectorWith(CONFIGURED);
    const counted = (served: ServedPage) => {
      const before = analytics.analyticsState()?.held ?? 0;
      analytics.countPageView(served);
      return (analytics.analyticsState()?.held ?? 0) - before;
    };
    const script = "text/x-script";
    expect(counted(page())).toBe(1);
    expect(counted(page({ status: 304 }))).toBe(0);
    expect(
      counted(
        page({ target: "/sw/blog.data", contentType: script }, { referer: "http://site.test/sw" }),
      ),
    ).toBe(1);
    // A form's revalidation: the data of the page the visitor is on.
    expect(
      counted(
        page({ target: "/blog.data", contentType: script }, { referer: "http://site.test/blog" }),
      ),
    ).toBe(0);
    expect(counted(page({ method: "HEAD" }))).toBe(0);
    expect(counted(page({ method: "POST" }))).toBe(0);
    expect(counted(page({ status: 404 }))).toBe(0);
    expect(counted(page({ status: 302 }))).toBe(0);
    expect(counted(page({ contentType: "image/webp", target: "/media/a/b.webp" }))).toBe(0);
    expect(counted(page({ contentType: "application/xml", target: "/sitemap.xml" }))).toBe(0);
    expect(counted(page({ target: "/admin/analytics" }))).toBe(0);
    expect(
      counted(page({}, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
    ).toBe(0);
    expect(counted(page({}, { "sec-purpose": "prefetch" }))).toBe(0);
    expect(counted(page({}, { dnt: "1" }))).toBe(0);
    expect(counted(page({}, { "sec-gpc": "1" }))).toBe(0);
    expect(counted(page({}, { "user-agent": undefined }))).toBe(0);
  });

  it("records a goal on the page the form was on, not from bots or visitors who opted out", async () => {
    const analytics = await collectorWith(CONFIGURED);
    const post = (headers: Record<string, string>) =>
      new Request("http://site.test/contact", { method: "POST", headers });
    analytics.recordGoal(
      post({ "user-agent": FIREFOX, referer: "http://site.test/sw/contact" }),
      "contact",
    );
    analytics.recordGoal(post({ "user-agent": "curl/8.5.0" }), "contact");
    analytics.recordGoal(post({ "user-agent": FIREFOX, "sec-gpc": "1" }), "contact");
    expect(analytics.analyticsState()?.held).toBe(1);
  });

  it("leave out a signed-in administrator's views and goals (the admin pass), nobody else's", async () => {
    const secret = "a-session-secret-of-this-site";
    const analytics = await collectorWith({ ...CONFIGURED, SESSION_SECRET: secret });
    const counted = (cookie: string) => {
      const before = analytics.analyticsState()?.held ?? 0;
      analytics.countPageView(page({}, { cookie }));
      analytics.recordGoal(
        new Request("http://site.test/contact", {
          method: "POST",
          headers: { "user-agent": FIREFOX, cookie },
        }),
        "contact",
      );
      return (analytics.analyticsState()?.held ?? 0) - before;
    };
    const later = Math.floor(Date.now() / 1000) + 3600;
    const pass = (key: string, expires = later) =>
      `${COOKIES.adminPass}=${adminPassValue(key, "3f7c0e4a-admin", expires)}`;
    const session = "sb-127-auth-token=base64-eyJ9";
    expect(counted(`${session}; ${pass(secret)}`)).toBe(0);
    // A signed-in client, a pass without a session, a forged or expired pass: counted.
    expect(counted(session)).toBe(2);
    expect(counted(pass(secret))).toBe(2);
    expect(counted(`${session}; ${pass("another-secret")}`)).toBe(2);
    expect(counted(`${session}; ${pass(secret, later - 7200)}`)).toBe(2);
  });
});
