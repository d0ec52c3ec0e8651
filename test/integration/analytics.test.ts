import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyDay } from "~/domain/analytics/visitor.server";
import { FORM_HEADERS, requestOnNewConnection } from "../support/http-client";
import { startTestSite, type TestSite } from "../support/site";

/**
 * First-party analytics through the real server with two workers: a known mix of page views
 * (people, a bot, a prefetch, Do-Not-Track, the signed-in administrator, several languages, a
 * campaign, another site's link, JavaScript navigations and a form's revalidation) and goals (a contact message, a quote, a
 * sign-up). Nothing is written by the timer (ANALYTICS_FLUSH_SECONDS=300): the rolling restart
 * (SIGHUP) must write every worker's events as it drains.
 */
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Visitor {
  ip: string;
  ua: string;
  country?: string;
}
const ANA: Visitor = { ip: "198.51.100.11", ua: FIREFOX, country: "KE" };
const BEN: Visitor = { ip: "198.51.100.12", ua: IPHONE, country: "FR" };
const CHEPKOECH: Visitor = { ip: "198.51.100.13", ua: FIREFOX };
const DAVID: Visitor = { ip: "198.51.100.14", ua: IPHONE, country: "KE" };
const ADDRESSES = [ANA, BEN, CHEPKOECH, DAVID].map((v) => v.ip);

let site: TestSite;

function headersOf(visitor: Visitor, extra: Record<string, string> = {}) {
  return {
    "User-Agent": visitor.ua,
    "X-Forwarded-For": visitor.ip,
    ...(visitor.country ? { "CF-IPCountry": visitor.country } : {}),
    ...extra,
  };
}

async function view(visitor: Visitor, path: string, extra: Record<string, string> = {}) {
  const answer = await requestOnNewConnection(`${site.url}${path}`, {
    headers: headersOf(visitor, extra),
  });
  return answer.status;
}

async function post(visitor: Visitor, path: string, from: string, fields: Record<string, string>) {
  const answer = await requestOnNewConnection(`${site.url}${path}`, {
    method: "POST",
    headers: { ...headersOf(visitor, { Referer: `${site.url}${from}` }), ...FORM_HEADERS },
    body: new URLSearchParams({ ...fields, name__confirm: "" }).toString(),
  });
  return answer.status;
}

async function sendTheMix() {
  const statuses: number[] = [];
  // Ana: a newsletter campaign's link, then two pages in English and one in Kiswahili, and a
  // quote request from the services page.
  statuses.push(
    await view(ANA, "/?utm_source=Newsletter&utm_medium=email&utm_campaign=dec"),
    await view(ANA, "/services", { Referer: `${site.url}/` }),
    await view(ANA, "/services", { Referer: `${site.url}/` }),
    await view(ANA, "/sw/services", { Referer: `${site.url}/services` }),
  );
  statuses.push(
    await post(ANA, "/contact", "/contact?service=bulk-sms", {
      name: "Ana",
      email: "ana@example.com",
      message: "A quote for bulk SMS, please.",
      service: "bulk-sms",
    }),
  );
  // Ben: from Google to the French home page, then a JavaScript navigation to the contact
  // page, and a message.
  statuses.push(
    await view(BEN, "/fr", { Referer: "https://www.google.com/" }),
    await view(BEN, "/fr/contact.data", { Referer: `${site.url}/fr` }),
  );
  statuses.push(
    await post(BEN, "/fr/contact", "/fr/contact", {
      name: "Ben",
      email: "ben@example.com",
      message: "Bonjour, parlons de mon site.",
    }),
  );
  // Chepkoech: the blog, directly; a form's revalidation of the same page (not a view).
  statuses.push(
    await view(CHEPKOECH, "/blog"),
    await view(CHEPKOECH, "/blog.data", { Referer: `${site.url}/blog` }),
  );
  // David: signs up.
  statuses.push(await view(DAVID, "/signup"));
  statuses.push(
    await post(DAVID, "/signup", "/signup", {
      firstName: "David",
      lastName: "Otieno",
      email: `david-${Date.now()}@example.com`,
      password: "correct horse battery",
      confirmPassword: "correct horse battery",
      terms: "on",
    }),
  );
  // Not counted: a crawler, a prefetch, Do-Not-Track, Global Privacy Control, a 404, /admin.
  statuses.push(
    await view({ ip: "198.51.100.20", ua: GOOGLEBOT }, "/"),
    await view(CHEPKOECH, "/services", { "Sec-Purpose": "prefetch" }),
    await view(CHEPKOECH, "/terms", { DNT: "1" }),
    await view(CHEPKOECH, "/privacy", { "Sec-GPC": "1" }),
    await view(CHEPKOECH, "/no-such-page"),
    await view(CHEPKOECH, "/admin"),
  );
  // Not counted either: the administrator, signed in, reading the site as visitors see it.
  const agency: Visitor = { ip: "198.51.100.30", ua: FIREFOX, country: "KE" };
  const Cookie = await adminCookie();
  expect(Cookie).toMatch(/admin-pass=/);
  statuses.push(
    await view(agency, "/blog", { Cookie }),
    await view(agency, "/fr/services", { Cookie, Referer: "https://www.google.com/" }),
  );
  return statuses;
}

/** The cookies /login gives the administrator (the session and the admin pass). */
async function adminCookie(): Promise<string> {
  const login = await fetch(`${site.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: FORM_HEADERS,
    body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  return login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

interface Row {
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/** The site's AGENCY_TIME_ZONE (the default): analytics days are its days. */
const ZONE = "Africa/Nairobi";

async function report(): Promise<Row[]> {
  const today = agencyDay(Date.now(), ZONE);
  const tomorrow = agencyDay(Date.parse(`${today}T12:00:00Z`) + 86_400_000, ZONE);
  const { data, error } = await site.service.rpc("analytics_report", {
    p_from: today,
    p_to: tomorrow,
  });
  if (error) throw new Error(error.message);
  return data as Row[];
}

const pick = (rows: Row[], dimension: string) =>
  Object.fromEntries(
    rows.filter((r) => r.dimension === dimension).map((r) => [r.value, [r.views, r.visitors]]),
  );

describe("analytics through the real server with two workers", () => {
  beforeAll(async () => {
    site = await startTestSite({
      env: {
        WEB_CONCURRENCY: "2",
        TRUST_PROXY: "on",
        ANALYTICS_FLUSH_SECONDS: "300",
        SUPABASE_LOCAL_AUTOCONFIRM: "off",
      },
    });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("counts exactly the people's views and goals, written when the workers restart", async () => {
    const statuses = await sendTheMix();
    expect(statuses).toEqual([
      200, 200, 200, 200, 302, 200, 200, 302, 200, 200, 200, 302, 200, 200, 200, 200, 404, 302, 200,
      200,
    ]);
    const workers = new Set(site.requests().map((r) => r.worker));
    expect([...workers].sort()).toEqual([1, 2]);
    // Nothing written yet: the timer waits 300 s.
    expect(await site.countRows("analytics_events")).toBe(0);
    site.child.kill("SIGHUP");
    await site.waitForLog(/Workers restarted/, 30_000);

    const rows = await report();
    // [views, visitors]: Ana 4 views, Ben 2, Chepkoech 1, David 1.
    expect(pick(rows, "total")).toEqual({ "": [8, 4] });
    expect(pick(rows, "page")).toEqual({
      "/": [1, 1],
      "/services": [2, 1],
      "/sw/services": [1, 1],
      "/fr": [1, 1],
      "/fr/contact": [1, 1],
      "/blog": [1, 1],
      "/signup": [1, 1],
      // Chepkoech's .data revalidation of /blog is not a view; David's signup page is.
    });
    expect(pick(rows, "entry")).toEqual({
      "/": [4, 1],
      "/fr": [2, 1],
      "/blog": [1, 1],
      "/signup": [1, 1],
    });
    expect(pick(rows, "language")).toEqual({ en: [5, 3], sw: [1, 1], fr: [2, 1] });
    expect(pick(rows, "source")).toEqual({ newsletter: [4, 1], "google.com": [2, 1], "": [2, 2] });
    expect(pick(rows, "campaign")).toEqual({ "newsletter / email / dec": [4, 1] });
    expect(pick(rows, "device")).toEqual({ desktop: [5, 2], mobile: [3, 2] });
    expect(pick(rows, "country")).toEqual({ KE: [5, 2], FR: [2, 1] });
    expect(pick(rows, "goal")).toEqual({
      "quote:bulk-sms": [1, 1],
      contact: [1, 1],
      signup: [1, 1],
    });
    expect(pick(rows, "goal_source")).toEqual({
      "quote\tnewsletter": [1, 1],
      "contact\tgoogle.com": [1, 1],
      "signup\t": [1, 1],
    });
    expect(pick(rows, "goal_page")).toEqual({
      "quote\t/": [1, 1],
      "contact\t/fr": [1, 1],
      "signup\t/signup": [1, 1],
    });
  });

  it("stores no address, no browser string and no country of a visitor without a proxy's word", async () => {
    const { data, error } = await site.service.from("analytics_events").select("*");
    if (error) throw new Error(error.message);
    const stored = JSON.stringify(data);
    for (const address of ADDRESSES) expect(stored).not.toContain(address);
    expect(stored).not.toContain("Firefox");
    expect(stored).not.toContain("iPhone");
    expect(new Set(data.map((row) => row.visitor)).size).toBe(4);
    // The per-address cap keeps each address as a hash of the day, never the address.
    const { data: addresses } = await site.service.from("analytics_addresses").select("*");
    const hashed = JSON.stringify(addresses);
    for (const address of ADDRESSES) expect(hashed).not.toContain(address);
    expect(new Set(addresses?.map((row) => row.address)).size).toBe(4);
  });

  it("shows exactly those numbers on /admin/analytics (and /admin) and in the CSV files", async () => {
    const cookie = await adminCookie();
    const get = async (path: string) => {
      const answer = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } });
      return {
        status: answer.status,
        type: answer.headers.get("content-type"),
        text: await answer.text(),
      };
    };
    const page = await get("/admin/analytics?period=today");
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Visitors 4 ");
    expect(text).toContain("Page views 8 ");
    expect(text).toContain("Converting visitors 3 ");
    expect(text).toContain("Conversion rate 75% ");
    expect(text).toMatch(/Quote request: Bulk SMS 1 1 25%/);
    expect(text).toMatch(/Sign-up \/signup 1 1 100%/);
    expect(text).toMatch(/Contact message google\.com 1 1 100%/);
    expect(page.text).toContain("<title");

    const pages = await get("/admin/analytics.csv?table=pages&period=today");
    expect(pages.type).toMatch(/^text\/csv/);
    expect(pages.text.split("\r\n").filter(Boolean).sort()).toEqual(
      [
        "/,1,1",
        "/blog,1,1",
        "/fr,1,1",
        "/fr/contact,1,1",
        "/services,1,2",
        "/signup,1,1",
        "/sw/services,1,1",
        "Page,Visitors,Page views",
      ].sort(),
    );
    // As the page names them: goals, direct traffic; in the admin's language.
    const sources = await get("/admin/analytics.csv?table=goal-sources&period=today");
    expect(sources.text).toBe(
      "Goal,Source,Visitors,Visitors from there,Conversion rate\r\nContact message,google.com,1,1,100\r\nQuote request,newsletter,1,1,100\r\nSign-up,Direct / none,1,2,50\r\n",
    );
    const goals = await get("/admin/analytics.csv?table=goals&period=today");
    expect(goals.text).toContain("\r\nQuote request: Bulk SMS,1,1,25\r\n");
    const series = await get("/admin/analytics.csv?table=series&period=today");
    // A one-day chart: the agency's day (Africa/Nairobi, UTC+3) from its midnight, with its date.
    const [heading, firstHour] = series.text.split("\r\n");
    expect(heading).toBe("When,Visitors,Page views");
    expect(firstHour).toMatch(new RegExp(`^${agencyDay(Date.now(), ZONE)} 00:00,\\d+,\\d+$`));
    const overview = await get("/admin");
    expect(overview.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("Visitors 4 ");
  });
});
