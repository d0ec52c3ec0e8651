import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORM_HEADERS,
  msUntilEveryWorkerOmits,
  msUntilEveryWorkerShows,
  requestOnNewConnection,
} from "../support/http-client";
import { startTestRedis, type TestRedis } from "../support/redis";
import { startTestSite, type TestSite } from "../support/site";
import { announceSiteChange, serviceRow } from "../support/site-content";

/**
 * The public site reads its content from the database (app/domain/site/snapshot.server.ts) on a
 * machine with two workers and Redis: a change made with the service role (which the database
 * announces) or announced by another instance is on every worker within a second, in every place and language that shows it; drafts never show;
 * a renamed service's or project's old URL answers 301, a deleted service's 410.
 */
describe("the site's content from the database, on two workers", () => {
  let redis: TestRedis;
  let site: TestSite;
  beforeAll(async () => {
    redis = await startTestRedis();
    site = await startTestSite({ env: { WEB_CONCURRENCY: "2", REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await redis?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    requestOnNewConnection(`${site.url}${path}`, { headers });
  /** Announces a change and waits until every worker shows `text` at `path`. */
  const announced = async (
    entity: Parameters<typeof announceSiteChange>[1],
    path: string,
    text: string,
  ) => {
    await announceSiteChange(redis.url, entity);
    return msUntilEveryWorkerShows(`${site.url}${path}`, text);
  };

  it("shows a service added with the service role on every worker within 1 s (the database announces the write)", async () => {
    // Both workers hold /services in their page cache, and their snapshot.
    for (let i = 0; i < 4; i++) await get("/services");
    expect((await get("/services")).headers["x-cache"]).toBe("HIT");
    const { error } = await site.service.from("services").insert(
      serviceRow("drone-filming", {
        title: { en: "Drone Filming", sw: "Upigaji Picha kwa Droni" },
        description: { en: "Aerial video.", sw: "Video za angani.", fr: "Vidéo aérienne." },
      }),
    );
    expect(error).toBeNull();
    // Written behind the site's back: the database announces it (content_changed), the
    // embedded backend tells the primary, the primary every worker.
    const ms = await msUntilEveryWorkerShows(`${site.url}/services`, "Drone Filming");
    console.log(`site content change visible on both workers in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it("shows a post published with the service role on every worker's blog within 1 s, in every language", async () => {
    for (let i = 0; i < 4; i++) await get("/blog?tag=sms");
    const title = `Published behind the site's back ${Date.now()}`;
    const { data, error } = await site.service
      .from("posts")
      .insert({ title, excerpt: "Held in memory.", published: true, tags: ["sms"] })
      .select("id")
      .single();
    expect(error).toBeNull();
    const ms = await msUntilEveryWorkerShows(`${site.url}/blog?tag=sms`, title);
    console.log(`post visible on both workers' /blog?tag=sms in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
    // An English post without translations is listed in every language's blog.
    for (const prefix of ["", "/sw", "/fr"]) {
      expect((await get(`${prefix}/blog?tag=sms`)).body, prefix).toContain(title);
      expect((await get(`${prefix}/blog/${data?.id}`)).body, prefix).toContain(title);
    }
    await site.service
      .from("posts")
      .update({ published: false })
      .eq("id", data?.id ?? 0);
    for (const prefix of ["", "/sw", "/fr"]) {
      const blog = `${site.url}${prefix}/blog?tag=sms`;
      expect(await msUntilEveryWorkerOmits(blog, title), prefix).toBeLessThan(1000);
      expect((await get(`${prefix}/blog/${data?.id}`)).status, prefix).toBe(404);
    }
  });

  it("puts the new service in the footer, home, services grid, contact form and chat in every language", async () => {
    const home = (await get("/")).body;
    expect(home).toContain('href="/services/drone-filming"'); // footer and the home grid
    expect(home.match(/<option value="drone-filming"/g)).toHaveLength(2); // contact form, chat
    expect((await get("/contact")).body).toContain('<option value="drone-filming"');
    for (const [prefix, title] of [
      ["/sw", "Upigaji Picha kwa Droni"],
      ["/fr", "Drone Filming"],
    ] as const) {
      const services = (await get(`${prefix}/services`)).body;
      expect(services).toContain(`href="${prefix}/services/drone-filming"`);
      const detail = await get(`${prefix}/services/drone-filming`);
      expect(detail.status).toBe(200);
      expect(detail.body).toContain(title);
      expect((await get(`${prefix}/contact?service=drone-filming`)).body).toMatch(
        /<option value="drone-filming"[^>]* selected=""/,
      );
    }
    // Kiswahili has the title; French shows the English one, marked as English, everywhere.
    const sw = (await get("/sw/services/drone-filming")).body;
    expect(sw).not.toMatch(/lang="en"[^>]*>Upigaji Picha kwa Droni</);
    const fr = (await get("/fr/services/drone-filming")).body;
    expect(fr).toMatch(/<h1[^>]*lang="en"[^>]*>Drone Filming<\/h1>/);
    expect(fr).toMatch(
      /<a (?=[^>]*href="\/fr\/services\/drone-filming")(?=[^>]*lang="en")[^>]*>Drone Filming</,
    );
    expect(fr).toMatch(/<p[^>]*lang="en"[^>]*>What drone-filming does for you, at length\.</);
    expect((await get("/fr/")).body).toMatch(
      /<option value="drone-filming" lang="en">Drone Filming/,
    );
    expect((await get("/sitemap.xml")).body).toContain("/fr/services/drone-filming");
  });

  it('marks the seeded English-only testimonials lang="en" on Kiswahili and French pages', async () => {
    for (const path of ["/sw/", "/fr/"]) {
      expect((await get(path)).body).toMatch(/<blockquote lang="en"[^>]*>“(<!-- -->)?Our online/);
    }
    expect((await get("/")).body).not.toMatch(/<blockquote lang=/);
  });

  it("never shows a draft, and refuses it as the contact form's service", async () => {
    await site.service
      .from("services")
      .insert(serviceRow("secret-plans", { published: false, title: { en: "Secret Plans" } }));
    await announced("services", "/services", "Drone Filming");
    for (const path of ["/services/secret-plans", "/sw/services/secret-plans"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    for (const path of ["/", "/services", "/contact", "/sitemap.xml"]) {
      expect((await get(path)).body, path).not.toMatch(/secret-plans|Secret Plans/);
    }
    const refused = await requestOnNewConnection(`${site.url}/contact`, {
      method: "POST",
      headers: FORM_HEADERS,
      body: new URLSearchParams({
        name: "Wanjiku",
        email: "wanjiku@example.com",
        message: "Tell me about the secret plans.",
        service: "secret-plans",
      }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Please choose one of our services");
    expect(refused.body).toContain("Tell me about the secret plans.");
    const accepted = await requestOnNewConnection(`${site.url}/contact`, {
      method: "POST",
      headers: FORM_HEADERS,
      body: new URLSearchParams({
        name: "Wanjiku",
        email: "wanjiku@example.com",
        message: "Please film our new office.",
        service: "drone-filming",
      }).toString(),
    });
    expect(accepted.status).toBe(302);
  });

  it("answers a renamed service's old URL with 301 to the new one, in the same language", async () => {
    await site.service
      .from("services")
      .update({ slug: "aerial-filming" })
      .eq("slug", "drone-filming");
    await announced("services", "/services", 'href="/services/aerial-filming"');
    for (const prefix of ["", "/sw", "/fr"]) {
      const old = await get(`${prefix}/services/drone-filming`);
      expect(old.status, prefix).toBe(301);
      expect(old.headers.location).toBe(`${prefix}/services/aerial-filming`);
    }
    // Campaign tags survive the move (analytics counts the campaign on the new URL).
    const tagged = await get("/fr/services/drone-filming?utm_source=whatsapp&utm_campaign=launch");
    expect(tagged.headers.location).toBe(
      "/fr/services/aerial-filming?utm_source=whatsapp&utm_campaign=launch",
    );
    // A quote link shared before the rename still chooses the service on the contact form.
    const quote = (await get("/sw/contact?service=drone-filming")).body;
    expect(quote).toMatch(/<option[^>]*value="aerial-filming"[^>]*selected/);
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain("/sw/services/aerial-filming");
    expect(sitemap).not.toContain("drone-filming");
  });

  it("answers a deleted service's URLs with 410 and a way to the services, in the page's language", async () => {
    await site.service.from("services").delete().eq("slug", "aerial-filming");
    await announced("services", "/services/aerial-filming", "No longer available");
    for (const [prefix, words] of [
      ["", "This service is no longer offered"],
      ["/sw", "Huduma hii haitolewi tena"],
      ["/fr", "Ce service n’est plus proposé"],
    ] as const) {
      for (const slug of ["aerial-filming", "drone-filming"]) {
        const gone = await get(`${prefix}/services/${slug}`);
        expect(gone.status, `${prefix} ${slug}`).toBe(410);
        expect(gone.body).toContain(words);
        expect(gone.body).toContain(`href="${prefix}/services"`);
      }
    }
    expect((await get("/services/never-was")).status).toBe(404);
    expect((await get("/sw/services/never-was")).status).toBe(404);
  });

  it("answers a renamed project's old ?project= with 301 to the new one", async () => {
    const email = `reader-${Date.now()}@example.com`;
    await site.service.auth.admin.createUser({
      email,
      password: "correct-horse-42",
      email_confirm: true,
      user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
    });
    const login = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: FORM_HEADERS,
      body: new URLSearchParams({ email, password: "correct-horse-42" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    await site.service
      .from("portfolio_projects")
      .update({ slug: "online-grocery-store" })
      .eq("slug", "e-commerce-platform");
    await announceSiteChange(redis.url, "portfolio_projects");
    await msUntilEveryWorkerShows(`${site.url}/`, "E-commerce Platform"); // the home page is still there
    let moved = await get("/portfolio?category=web-development&project=e-commerce-platform", {
      Cookie: cookie,
    });
    for (let i = 0; i < 20 && moved.status !== 301; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      moved = await get("/portfolio?category=web-development&project=e-commerce-platform", {
        Cookie: cookie,
      });
    }
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(
      "/portfolio?category=web-development&project=online-grocery-store",
    );
    const sw = await get("/sw/portfolio?project=e-commerce-platform", { Cookie: cookie });
    expect(sw.headers.location).toBe("/sw/portfolio?project=online-grocery-store");
    const shown = await get("/portfolio?project=online-grocery-store", { Cookie: cookie });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('id="project-details"');
  });

  it("drops only the cached pages showing what changed", async () => {
    // Both workers hold both pages (each request goes to the next worker in turn).
    for (let i = 0; i < 4; i++) await get("/services");
    for (let i = 0; i < 4; i++) await get("/");
    const before = [await get("/services"), await get("/services")];
    expect(before.map((answer) => answer.headers["x-cache"])).toEqual(["HIT", "HIT"]);
    await site.service
      .from("testimonials")
      .update({ quote: { en: "Orders now come in while we sleep, twice as many." } })
      .eq("name", "Wanjiku Mwangi");
    await announced("testimonials", "/", "twice as many");
    const services = [await get("/services"), await get("/services")];
    expect(services.map((answer) => answer.headers["x-cache"])).toEqual(["HIT", "HIT"]);
  });
});
